import type { LatLng } from './geography.js';

/**
 * The towns we serve and their city pages (spec 001 §1, §9).
 *
 * The two spec documents disagree. Spec 000 calls six towns active and lists Chambeshi,
 * Luanshya, Chibuluma, Bwanamukubwa and Mpongwe as coming soon; spec 001 says eleven towns are
 * served and gives eight of them a city page with services, fares and population. We follow the
 * later, fuller document: the eight towns with a city page (Luanshya and Chambishi included —
 * "Chambeshi" is a spelling of Chambishi) are active. Mpongwe, Masaiti and Lufwanyama are named
 * as served but have no page or service data, so they are coming soon. Chibuluma and
 * Bwanamukubwa are not towns but areas of Kalulushi and Ndola, so they appear as key areas.
 *
 * Estimated fare ranges: spec 001 gives some towns a minimum below ZMW 12 (Chambishi "5-25"),
 * but no fare is ever quoted under the ZMW 12 minimum, so those minimums are raised to 12 here.
 */
export const cityIds = [
  'kitwe',
  'ndola',
  'chingola',
  'mufulira',
  'luanshya',
  'kalulushi',
  'chambishi',
  'chililabombwe',
  'mpongwe',
  'masaiti',
  'lufwanyama',
] as const;
export type CityId = (typeof cityIds)[number];

export const cityServices = ['cars', 'motorcycle_courier', 'trucks', 'courier', 'food_delivery', 'cross_border'] as const;
export type CityService = (typeof cityServices)[number];

/** Motorcycles carry parcels only, so the spec's "motorcycles" service is a courier service. */
export const cityServiceLabels: Record<CityService, string> = {
  cars: 'Cars',
  motorcycle_courier: 'Motorcycle courier',
  trucks: 'Trucks',
  courier: 'Courier',
  food_delivery: 'Food delivery',
  cross_border: 'Cross-border transport',
};

interface CityBase {
  id: CityId;
  name: string;
  description: string;
  coordinates: LatLng;
  keyAreas: readonly string[];
}

export interface ActiveCity extends CityBase {
  status: 'active';
  population: number;
  services: readonly CityService[];
  /** In ngwee, as every amount in the domain. */
  estimatedFare: { min: number; max: number };
}

export interface ComingSoonCity extends CityBase {
  status: 'coming_soon';
}

export type City = ActiveCity | ComingSoonCity;

const zmw = (min: number, max: number) => ({ min: min * 100, max: max * 100 });

export const cities: readonly City[] = [
  {
    id: 'kitwe', name: 'Kitwe', status: 'active', population: 520_000,
    description: 'The Copperbelt\'s largest city, home of Nkana mine and the Copperbelt University.',
    coordinates: { lat: -12.817, lng: 28.2 },
    services: ['cars', 'motorcycle_courier', 'trucks', 'courier', 'food_delivery'],
    estimatedFare: zmw(15, 80),
    keyAreas: ['Kitwe CBD', 'Nkana East', 'Nkana West', 'Parklands', 'Riverside', 'Chimwemwe', 'Kwacha', 'Buchi', 'Garneton', 'Mindolo'],
  },
  {
    id: 'ndola', name: 'Ndola', status: 'active', population: 455_000,
    description: 'The provincial capital and industrial hub, with the international airport and Levy Mwanawasa Stadium.',
    coordinates: { lat: -12.9587, lng: 28.6366 },
    services: ['cars', 'motorcycle_courier', 'trucks', 'courier', 'food_delivery'],
    estimatedFare: zmw(12, 70),
    keyAreas: ['Ndola CBD', 'Kansenshi', 'Northrise', 'Itawa', 'Chifubu', 'Kabushi', 'Masala', 'Bwana Mkubwa'],
  },
  {
    id: 'chingola', name: 'Chingola', status: 'active', population: 185_000,
    description: 'Mining town of the Nchanga open pit, gateway to North-Western Province.',
    coordinates: { lat: -12.5333, lng: 27.85 },
    services: ['cars', 'motorcycle_courier', 'trucks', 'courier'],
    estimatedFare: zmw(12, 50),
    keyAreas: ['Chingola town centre', 'Nchanga North', 'Nchanga South', 'Chiwempala', 'Kabundi', 'Lulamba'],
  },
  {
    id: 'mufulira', name: 'Mufulira', status: 'active', population: 120_000,
    description: 'Border mining town near the Congo, home of Mufulira Wanderers.',
    coordinates: { lat: -12.55, lng: 28.2333 },
    services: ['cars', 'motorcycle_courier', 'courier'],
    estimatedFare: zmw(12, 40),
    keyAreas: ['Mufulira town centre', 'Kamuchanga', 'Kantanshi', 'Butondo', 'Kansuswa'],
  },
  {
    id: 'luanshya', name: 'Luanshya', status: 'active', population: 130_000,
    description: 'The garden town of the Copperbelt, founded on the Roan Antelope mine.',
    coordinates: { lat: -13.1333, lng: 28.4 },
    services: ['cars', 'motorcycle_courier', 'courier'],
    estimatedFare: zmw(12, 35),
    keyAreas: ['Luanshya town centre', 'Roan', 'Mikomfwa', 'Mpatamatu', 'Fisenge'],
  },
  {
    id: 'kalulushi', name: 'Kalulushi', status: 'active', population: 110_000,
    description: 'Quiet mining town west of Kitwe, with the Chibuluma mine.',
    coordinates: { lat: -12.8333, lng: 28.0833 },
    services: ['cars', 'motorcycle_courier', 'courier'],
    estimatedFare: zmw(12, 30),
    keyAreas: ['Kalulushi town centre', 'Chibuluma', 'Ichimpe'],
  },
  {
    id: 'chambishi', name: 'Chambishi', status: 'active', population: 15_000,
    description: 'Mining township on the Kitwe–Chingola road, site of the Chambishi economic zone.',
    coordinates: { lat: -12.65, lng: 28.05 },
    services: ['cars', 'motorcycle_courier'],
    estimatedFare: zmw(12, 25),
    keyAreas: ['Chambishi township', 'Chambishi Multi-Facility Economic Zone', 'Chambishi mine'],
  },
  {
    id: 'chililabombwe', name: 'Chililabombwe', status: 'active', population: 80_000,
    description: 'Konkola mine town on the road to the Kasumbalesa border with the Congo.',
    coordinates: { lat: -12.3667, lng: 27.8333 },
    services: ['cars', 'motorcycle_courier', 'cross_border'],
    estimatedFare: zmw(12, 45),
    keyAreas: ['Chililabombwe town centre', 'Lubengele', 'Kakoso', 'Kasumbalesa border'],
  },
  {
    id: 'mpongwe', name: 'Mpongwe', status: 'coming_soon',
    description: 'Farming district in the south-west of the province.',
    coordinates: { lat: -13.51, lng: 28.155 },
    keyAreas: ['Mpongwe town centre'],
  },
  {
    id: 'masaiti', name: 'Masaiti', status: 'coming_soon',
    description: 'Rural district south of Luanshya on the Kafubu river.',
    coordinates: { lat: -13.25, lng: 28.4 },
    keyAreas: ['Masaiti Boma', 'Kafulafuta'],
  },
  {
    id: 'lufwanyama', name: 'Lufwanyama', status: 'coming_soon',
    description: 'Emerald-mining district west of Kitwe on the M18 road.',
    coordinates: { lat: -12.8592, lng: 27.6169 },
    keyAreas: ['Lufwanyama town centre'],
  },
];

export const activeCities = (): ActiveCity[] => cities.filter((city): city is ActiveCity => city.status === 'active');

/** Coming-soon towns are listed for admin and staff only (spec 000 §2.4). */
export const visibleCities = (isPrivileged: boolean): City[] =>
  cities.filter((city) => isPrivileged || city.status === 'active');

/** A city page's data by its path segment ("/kitwe"), or undefined for "City not found". */
export const cityBySlug = (slug: string): City | undefined => cities.find((city) => city.id === slug.trim().toLowerCase());

export function cityById(id: CityId): City {
  const city = cities.find((candidate) => candidate.id === id);
  if (!city) throw new Error(`City catalogue has no entry for ${id}`);
  return city;
}
