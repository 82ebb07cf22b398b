import { knownPlaces, vehicles, type LatLng, type VehicleId } from '../../domain/catalogue/index.js';

/**
 * Who the demo data is: fixed e-mail addresses, one password, one authenticator secret. Pure
 * data, shared by the seeding at start-up and by `npm run simulate` (which signs these people in
 * over HTTP and never touches the database).
 *
 * Never for production: the password and the TOTP secret are printed on every start and written
 * in the README, so anyone can sign in as these accounts.
 */

export const DEMO_EMAIL_DOMAIN = 'demo.tiyende.app';
export const DEMO_PASSWORD = 'Tiyende-demo-2026';
/** Base32 (RFC 4648), 20 bytes: every demo account's authenticator app shows the same codes. */
export const DEMO_TOTP_SECRET = 'TIYENDEDEMOCOPPERBELTKITWENDOLA2';

export type DemoTown = 'kitwe' | 'ndola';
export const DEMO_TOWNS: readonly DemoTown[] = ['kitwe', 'ndola'];

export interface DemoPerson {
  email: string;
  fullName: string;
  town: DemoTown;
  /** A demo number (see DEMO_PHONE_BLOCK), in E.164: drivers have one, as the e-hailing rules require. */
  phoneNumber?: string;
}

export interface DemoDriver extends DemoPerson {
  vehicleType: VehicleId;
  licenceNumber: string;
  vehicle: { make: string; model: string; year: number; colour: string; plateNumber: string; type: VehicleId };
  /** Where the simulator puts them on going online: a known place in their town. */
  start: LatLng;
}

export interface DemoRider extends DemoPerson {
  /** True for the riders `npm run simulate` books with; the plain rider@ account is left to people. */
  simulated: boolean;
}

const email = (localPart: string) => `${localPart}@${DEMO_EMAIL_DOMAIN}`;

/**
 * DEMO phone numbers, not anyone's: Zambia reserves no range for fiction, so the demo drivers get
 * numbers that read as valid Airtel mobiles (domain/shared/phone.ts accepts them, so the rider's
 * driver card shows one as it will in production) from one block, `+260 97 000 01xx`, each
 * labelled "demo" wherever the roster is printed. Nothing is ever sent to them: the demo's SMS
 * goes to the server log and /api/dev/outbox unless a gateway is configured, and a deployment
 * with real SMS runs without demo data.
 */
export const DEMO_PHONE_BLOCK = '+260970000';
export const demoPhoneNumber = (index: number): string => `${DEMO_PHONE_BLOCK}${String(100 + index).padStart(3, '0')}`;

export const demoAdmin: DemoPerson = { email: email('admin'), fullName: 'Natasha Mwale (demo admin)', town: 'kitwe' };

export const demoRiders: readonly DemoRider[] = [
  { email: email('rider'), fullName: 'Chanda Mulenga', town: 'kitwe', simulated: false },
  { email: email('rider.kitwe.1'), fullName: 'Bupe Chileshe', town: 'kitwe', simulated: true },
  { email: email('rider.ndola.1'), fullName: 'Mutale Kunda', town: 'ndola', simulated: true },
  { email: email('rider.kitwe.2'), fullName: 'Kondwani Sakala', town: 'kitwe', simulated: true },
  { email: email('rider.ndola.2'), fullName: 'Thandiwe Lungu', town: 'ndola', simulated: true },
];

/**
 * Every service a driver can offer today: the catalogue's vehicles that are not "coming soon".
 * Cars get two drivers per town so a bidding car ride can draw competing bids.
 */
const offeredTypes: readonly VehicleId[] = vehicles.filter((vehicle) => !vehicle.comingSoon).map((vehicle) => vehicle.id);
const SECOND_DRIVER_TYPES: readonly VehicleId[] = ['car'];

const VEHICLE_MODELS: Partial<Record<VehicleId, { make: string; model: string; year: number; colour: string }>> = {
  car: { make: 'Toyota', model: 'Corolla', year: 2016, colour: 'Silver' },
  'car-xl': { make: 'Toyota', model: 'Noah', year: 2015, colour: 'White' },
  reservations: { make: 'Toyota', model: 'Premio', year: 2017, colour: 'Pearl white' },
  motorcycle: { make: 'Honda', model: 'CG125', year: 2021, colour: 'Red' },
  assist: { make: 'Toyota', model: 'Vitz', year: 2014, colour: 'Blue' },
  'light-truck': { make: 'Toyota', model: 'Hilux', year: 2013, colour: 'White' },
  'food-delivery': { make: 'Yamaha', model: 'YBR125', year: 2022, colour: 'Black' },
  'grocery-delivery': { make: 'Toyota', model: 'Probox', year: 2015, colour: 'Silver' },
  'fast-food': { make: 'TVS', model: 'HLX 125', year: 2023, colour: 'Green' },
  'wedding-transport': { make: 'Mercedes-Benz', model: 'E-Class', year: 2018, colour: 'White' },
  'guest-shuttle': { make: 'Toyota', model: 'HiAce', year: 2016, colour: 'Cream' },
  'event-logistics': { make: 'Isuzu', model: 'NPR', year: 2012, colour: 'White' },
  'honeymoon-transfer': { make: 'Mercedes-Benz', model: 'S-Class', year: 2017, colour: 'Black' },
};
const FALLBACK_MODEL = { make: 'Toyota', model: 'Corolla', year: 2016, colour: 'Grey' };

const FIRST_NAMES = ['Mwila', 'Bwalya', 'Musonda', 'Chilufya', 'Kabwe', 'Lombe', 'Mumba', 'Mapalo', 'Chipo', 'Mubanga', 'Luyando', 'Kasonde', 'Chisha', 'Nkandu'];
const SURNAMES = ['Tembo', 'Phiri', 'Banda', 'Zulu', 'Mwansa', 'Ngoma', 'Mbewe', 'Daka', 'Njobvu', 'Chanda', 'Kapembwa', 'Simwanza', 'Mulenga', 'Chirwa'];
/** Plates in the Zambian style, a letter block per town so a plate says where its driver works. */
const PLATE_PREFIX: Record<DemoTown, string> = { kitwe: 'BCK', ndola: 'BAN' };

function driverSlots(): Array<{ town: DemoTown; type: VehicleId; ordinal: number }> {
  return DEMO_TOWNS.flatMap((town) =>
    offeredTypes.flatMap((type) => {
      const count = SECOND_DRIVER_TYPES.includes(type) ? 2 : 1;
      return Array.from({ length: count }, (_, index) => ({ town, type, ordinal: index + 1 }));
    }),
  );
}

export const demoDrivers: readonly DemoDriver[] = driverSlots().map(({ town, type, ordinal }, index) => {
  const places = knownPlaces.filter((place) => place.cityId === town);
  const townIndex = index % (offeredTypes.length + SECOND_DRIVER_TYPES.length);
  const start = places[townIndex % places.length]!.coordinates;
  const suffix = ordinal > 1 ? `-${ordinal}` : '';
  const fullName = `${FIRST_NAMES[townIndex % FIRST_NAMES.length]} ${SURNAMES[(townIndex + (town === 'ndola' ? 7 : 0)) % SURNAMES.length]}`;
  return {
    email: email(`driver.${town}.${type}${suffix}`),
    fullName,
    town,
    phoneNumber: demoPhoneNumber(index),
    vehicleType: type,
    licenceNumber: `DEMO-${town.toUpperCase()}-${String(index + 1).padStart(3, '0')}`,
    vehicle: { ...(VEHICLE_MODELS[type] ?? FALLBACK_MODEL), plateNumber: `${PLATE_PREFIX[town]} ${1001 + townIndex}`, type },
    start: { lat: start.lat, lng: start.lng },
  };
});

export const simulatedRiders = (): DemoRider[] => demoRiders.filter((rider) => rider.simulated);

/** Every demo account with its role, in the order the start-up banner lists them. */
export function demoAccounts(): Array<{ email: string; fullName: string; role: 'admin' | 'passenger' | 'driver' }> {
  return [
    { ...demoAdmin, role: 'admin' as const },
    ...demoRiders.map((rider) => ({ ...rider, role: 'passenger' as const })),
    ...demoDrivers.map((driver) => ({ ...driver, role: 'driver' as const })),
  ];
}
