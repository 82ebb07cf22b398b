
/**
 * The vehicles and services a rider can choose (spec 000 §3, §9), with our decisions from
 * ARCHITECTURE "Fares": every service has a service class that sets its per-km and per-minute
 * rates, and motorcycles carry parcels only (RTSA does not license motorcycle taxis).
 *
 * Money is integer ngwee (1 ZMW = 100 ngwee) everywhere in the domain.
 */
export const vehicleIds = [
  'car',
  'car-xl',
  'deluxe',
  'executive',
  'reservations',
  'motorcycle',
  'assist',
  'light-truck',
  'truck',
  'intercity',
  'food-delivery',
  'grocery-delivery',
  'fast-food',
  'wedding-transport',
  'guest-shuttle',
  'event-logistics',
  'honeymoon-transfer',
] as const;
export type VehicleId = (typeof vehicleIds)[number];

export const vehicleCategories = ['ride', 'courier', 'foods', 'weddings'] as const;
export type VehicleCategory = (typeof vehicleCategories)[number];

export const vehicleCategoryLabels: Record<VehicleCategory, string> = {
  ride: 'Choose a ride',
  courier: 'Courier',
  foods: 'Foods',
  weddings: 'Weddings',
};

/**
 * The chooser shows a "coming soon" notice on these groups to privileged users only (spec 000
 * §2.5, §6); the services inside them are bookable unless flagged comingSoon themselves.
 */
export const categoriesWithComingSoonNotice: readonly VehicleCategory[] = ['foods', 'weddings'];

export const serviceClasses = ['economy', 'comfort', 'business'] as const;
export type ServiceClass = (typeof serviceClasses)[number];

export const packageSizes = ['small', 'medium', 'large', 'xl'] as const;
export type PackageSize = (typeof packageSizes)[number];

/** What a booking for the vehicle asks for: how many people, or how big a package. */
export type VehicleLoad =
  | { kind: 'passengers'; maxPassengers: number }
  | { kind: 'package'; sizes: readonly PackageSize[] };

export interface Vehicle {
  id: VehicleId;
  name: string;
  description: string;
  /** Shown on the capacity card; for passenger vehicles the passenger limit is read from it. */
  capacity: string;
  category: VehicleCategory;
  serviceClass: ServiceClass;
  /** The "starting from" price on the vehicle card, in ngwee (spec 000 §9 listed starting prices). */
  startingPrice: number;
  comingSoon: boolean;
  load: VehicleLoad;
}

const DEFAULT_MAX_PASSENGERS = 4;

/** The passenger limit in a capacity text: its largest number ("Up to 14 passengers" → 14), else 4. */
export function maxPassengersFrom(capacity: string): number {
  const numbers = (capacity.match(/\d+/g) ?? []).map(Number).filter((n) => n >= 1);
  return numbers.length > 0 ? Math.max(...numbers) : DEFAULT_MAX_PASSENGERS;
}

type Row = Omit<Vehicle, 'load' | 'startingPrice' | 'comingSoon'> & {
  startingPriceZmw: number;
  comingSoon?: boolean;
  /** Package sizes taken; absent for passenger vehicles, whose limit comes from `capacity`. */
  packageSizes?: readonly PackageSize[];
};

const ALL_SIZES = packageSizes;

const rows: readonly Row[] = [
  { id: 'car', name: 'Car', description: 'Affordable everyday rides around town', capacity: '4 passengers', category: 'ride', serviceClass: 'economy', startingPriceZmw: 25 },
  { id: 'car-xl', name: 'Car XL', description: 'Roomier cars for groups and luggage', capacity: '6 passengers', category: 'ride', serviceClass: 'comfort', startingPriceZmw: 35 },
  { id: 'deluxe', name: 'Deluxe', description: 'Newer premium cars with top-rated drivers', capacity: '4 passengers', category: 'ride', serviceClass: 'business', startingPriceZmw: 50, comingSoon: true },
  { id: 'executive', name: 'Executive', description: 'Business-class cars for corporate travel', capacity: '4 passengers', category: 'ride', serviceClass: 'business', startingPriceZmw: 75, comingSoon: true },
  { id: 'reservations', name: 'Reservations', description: 'Book a car ahead for a set pickup time', capacity: '4 passengers', category: 'ride', serviceClass: 'comfort', startingPriceZmw: 30 },
  { id: 'motorcycle', name: 'Motorcycle Courier', description: 'Fast parcel delivery across town by motorbike', capacity: 'Parcels up to 10 kg', category: 'courier', serviceClass: 'economy', startingPriceZmw: 15, packageSizes: ['small', 'medium'] },
  { id: 'assist', name: 'Assist', description: 'A driver runs your errand: collects, buys and drops off', capacity: 'Small to large items', category: 'courier', serviceClass: 'economy', startingPriceZmw: 20, packageSizes: ['small', 'medium', 'large'] },
  { id: 'light-truck', name: 'Light Truck', description: 'Pick-ups for small moves and bulky goods', capacity: 'Up to 1.5 tonnes', category: 'courier', serviceClass: 'comfort', startingPriceZmw: 60, packageSizes: ALL_SIZES },
  { id: 'truck', name: 'Truck', description: 'Heavy loads, furniture and building materials', capacity: 'Up to 7 tonnes', category: 'courier', serviceClass: 'business', startingPriceZmw: 100, comingSoon: true, packageSizes: ALL_SIZES },
  { id: 'intercity', name: 'Intercity', description: 'Parcels and cargo between Copperbelt towns', capacity: 'Parcels to bulky cargo', category: 'courier', serviceClass: 'business', startingPriceZmw: 150, comingSoon: true, packageSizes: ALL_SIZES },
  { id: 'food-delivery', name: 'Food Delivery', description: 'Meals from local restaurants, delivered', capacity: 'Up to 5 kg', category: 'foods', serviceClass: 'economy', startingPriceZmw: 10, packageSizes: ['small', 'medium'] },
  { id: 'grocery-delivery', name: 'Grocery Delivery', description: 'Groceries from shops and markets', capacity: 'Up to 20 kg', category: 'foods', serviceClass: 'economy', startingPriceZmw: 15, packageSizes: ['small', 'medium', 'large'] },
  { id: 'fast-food', name: 'Fast Food', description: 'Quick bites delivered hot', capacity: 'Up to 3 kg', category: 'foods', serviceClass: 'economy', startingPriceZmw: 8, packageSizes: ['small'] },
  { id: 'wedding-transport', name: 'Wedding Car', description: 'A decorated car for the couple', capacity: '4 passengers', category: 'weddings', serviceClass: 'business', startingPriceZmw: 200 },
  { id: 'guest-shuttle', name: 'Guest Shuttle', description: 'Minibus shuttles for wedding guests', capacity: 'Up to 14 passengers', category: 'weddings', serviceClass: 'comfort', startingPriceZmw: 150 },
  { id: 'event-logistics', name: 'Event Logistics', description: 'Tents, chairs, decor and sound equipment to the venue', capacity: 'Bulky event equipment', category: 'weddings', serviceClass: 'comfort', startingPriceZmw: 100, packageSizes: ['large', 'xl'] },
  { id: 'honeymoon-transfer', name: 'Honeymoon Transfer', description: 'A private transfer for the newlyweds', capacity: '2 passengers', category: 'weddings', serviceClass: 'business', startingPriceZmw: 250 },
];

export const vehicles: readonly Vehicle[] = rows.map(({ startingPriceZmw, comingSoon, packageSizes: sizes, ...row }) => ({
  ...row,
  startingPrice: startingPriceZmw * 100,
  comingSoon: comingSoon ?? false,
  load: sizes ? { kind: 'package', sizes } : { kind: 'passengers', maxPassengers: maxPassengersFrom(row.capacity) },
}));

const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));

export function vehicleById(id: VehicleId): Vehicle {
  const vehicle = byId.get(id);
  if (!vehicle) throw new Error(`Vehicle catalogue has no entry for ${id}`);
  return vehicle;
}

export const serviceClassOf = (id: VehicleId): ServiceClass => vehicleById(id).serviceClass;

/** Coming-soon services are shown to admin and staff only (spec 000 §6). */
export const visibleVehicles = (isPrivileged: boolean): Vehicle[] =>
  vehicles.filter((vehicle) => isPrivileged || !vehicle.comingSoon);

export const vehiclesInCategory = (category: VehicleCategory, isPrivileged: boolean): Vehicle[] =>
  visibleVehicles(isPrivileged).filter((vehicle) => vehicle.category === category);
