import { cityById, type CityId } from './cities.js';
import { PROVINCE } from './geography.js';

/** The categories of the bundled place directory (spec 000 §3). */
export const placeCategories = [
  'Hospital',
  'School',
  'University',
  'Shopping Center',
  'Market',
  'Bank',
  'Government Office',
  'Church',
  'Hotel',
  'Restaurant',
  'Transport Hub',
  'Recreation',
  'Business Center',
  'Residential Area',
] as const;
export type PlaceCategory = (typeof placeCategories)[number];

export interface KnownPlace {
  id: string;
  name: string;
  category: PlaceCategory;
  cityId: CityId;
  /** The town's display name, kept on the place because search scores it. */
  city: string;
  province: typeof PROVINCE;
  description: string;
  coordinates: { lat: number; lng: number };
  keywords: readonly string[];
}

const place = (
  id: string,
  name: string,
  category: PlaceCategory,
  cityId: CityId,
  [lat, lng]: readonly [number, number],
  description: string,
  keywords: readonly string[],
): KnownPlace => ({ id, name, category, cityId, city: cityById(cityId).name, province: PROVINCE, description, coordinates: { lat, lng }, keywords });

/**
 * Real Copperbelt places riders ask for. The teaching hospitals, the Copperbelt University,
 * Nkana and Levy Mwanawasa stadiums and the airport carry the coordinates their public records
 * publish; the rest are placed by hand in their part of town, good to about a kilometre —
 * enough to centre the map and to estimate a fare, not to navigate by. Replace an estimate
 * with a surveyed point whenever one is to hand.
 */
export const knownPlaces: readonly KnownPlace[] = [
  // Kitwe
  place('kitwe-teaching-hospital', 'Kitwe Teaching Hospital', 'Hospital', 'kitwe', [-12.7978, 28.2102], 'Third-level referral hospital on Kuomboka Drive, Parklands', ['kth', 'kitwe central hospital', 'kch', 'emergency', 'clinic']),
  place('copperbelt-university', 'Copperbelt University', 'University', 'kitwe', [-12.8056, 28.2403], 'Main campus on Jambo Drive, Riverside', ['cbu', 'campus', 'jambo drive', 'college']),
  place('mukuba-university', 'Mukuba University', 'University', 'kitwe', [-12.7575, 28.195], 'Teacher-training university in Garneton, off the Kitwe–Chingola road', ['cosetco', 'garneton', 'itimpi', 'college']),
  place('kitwe-boys-secondary-school', 'Kitwe Boys Secondary School', 'School', 'kitwe', [-12.8, 28.2125], 'Secondary school in Parklands beside the teaching hospital', ['secondary school', 'parklands', 'boys']),
  place('mukuba-mall', 'Mukuba Mall', 'Shopping Center', 'kitwe', [-12.8085, 28.2255], "Kitwe's largest mall, on Chiwala Road at the old zoo", ['mall', 'shoprite', 'pick n pay', 'shops']),
  place('chisokone-market', 'Chisokone Market', 'Market', 'kitwe', [-12.8175, 28.206], "Kitwe's central market in the town centre", ['central market', 'kitwe market', 'curio market', 'vegetables', 'salaula']),
  place('kitwe-bus-station', 'Kitwe Intercity Bus Station', 'Transport Hub', 'kitwe', [-12.8185, 28.2075], 'Long-distance and town buses beside Chisokone Market', ['bus station', 'buses', 'intercity', 'euro africa']),
  place('kitwe-civic-centre', 'Kitwe Civic Centre', 'Government Office', 'kitwe', [-12.813, 28.214], 'Offices of Kitwe City Council', ['city council', 'kcc', 'council']),
  place('edinburgh-hotel', 'Edinburgh Hotel', 'Hotel', 'kitwe', [-12.815, 28.2115], 'Long-standing hotel on Obote Avenue in the town centre', ['hotel', 'lodging', 'conference']),
  place('mindolo-ecumenical-foundation', 'Mindolo Ecumenical Foundation', 'Church', 'kitwe', [-12.793, 28.19], 'Ecumenical church centre and conference grounds in Mindolo', ['mef', 'mindolo', 'ecumenical', 'church']),
  place('nkana-stadium', 'Nkana Stadium', 'Recreation', 'kitwe', [-12.8472, 28.2111], 'Home ground of Nkana FC in Wusakile', ['nkana fc', 'football', 'wusakile', 'scrivener']),
  place('nkana-east', 'Nkana East', 'Residential Area', 'kitwe', [-12.825, 28.225], 'Leafy suburb east of the town centre', ['suburb', 'nkana']),
  place('kitwe-cbd', 'Kitwe Central Business District', 'Business Center', 'kitwe', [-12.8155, 28.211], 'Banks, shops and offices along Obote and Independence Avenues', ['town', 'town centre', 'cbd', 'obote avenue']),
  // Ndola
  place('ndola-teaching-hospital', 'Ndola Teaching Hospital', 'Hospital', 'ndola', [-12.97, 28.6339], 'Provincial referral hospital at Nkana Road and Broadway', ['nth', 'ndola central hospital', 'nch', 'emergency']),
  place('arthur-davison-childrens-hospital', "Arthur Davison Children's Hospital", 'Hospital', 'ndola', [-12.965, 28.65], "Zambia's children's referral hospital", ['adh', 'children', 'paediatric', 'pediatric']),
  place('simon-mwansa-kapwepwe-airport', 'Simon Mwansa Kapwepwe International Airport', 'Transport Hub', 'ndola', [-12.9617, 28.5167], 'Copperbelt international airport west of Ndola, off the Ndola–Kitwe dual carriageway', ['airport', 'nla', 'flights', 'ndola airport']),
  place('levy-mwanawasa-stadium', 'Levy Mwanawasa Stadium', 'Recreation', 'ndola', [-12.975, 28.6114], 'National stadium at the start of the Ndola–Kitwe dual carriageway', ['stadium', 'football', 'zesco united', 'chipolopolo']),
  place('dag-hammarskjold-memorial', 'Dag Hammarskjöld Crash Site Memorial', 'Recreation', 'ndola', [-12.94, 28.515], 'Memorial where the UN Secretary-General died in 1961, next to the airport', ['memorial', 'museum', 'united nations', 'heritage']),
  place('jacaranda-mall', 'Jacaranda Mall', 'Shopping Center', 'ndola', [-12.955, 28.643], 'Shopping mall north of the Ndola town centre', ['mall', 'shops', 'supermarket']),
  place('kafubu-mall', 'Kafubu Mall', 'Shopping Center', 'ndola', [-12.9625, 28.645], "Ndola's largest mall", ['mall', 'shoprite', 'shops', 'cinema']),
  place('masala-market', 'Masala Market', 'Market', 'ndola', [-12.993, 28.646], "Ndola's biggest market, Kapalala, in Masala township", ['central market', 'kapalala', 'ndola market', 'vegetables', 'charcoal']),
  place('savoy-hotel', 'Savoy Hotel', 'Hotel', 'ndola', [-12.9652, 28.6372], 'Landmark hotel on Buteko Avenue in the town centre', ['hotel', 'buteko', 'conference']),
  place('bank-of-zambia-ndola', 'Bank of Zambia Regional Office', 'Bank', 'ndola', [-12.964, 28.6385], "The central bank's Ndola office in the town centre", ['boz', 'central bank', 'bank']),
  place('copperbelt-provincial-administration', 'Copperbelt Provincial Administration', 'Government Office', 'ndola', [-12.96, 28.64], 'Provincial government offices', ['government', 'provincial minister', 'ministries']),
  place('ndola-cbd', 'Ndola Central Business District', 'Business Center', 'ndola', [-12.9645, 28.6375], 'Shops, banks and offices around Broadway and Buteko Avenue', ['town', 'town centre', 'cbd', 'broadway']),
  place('northrise', 'Northrise', 'Residential Area', 'ndola', [-12.942, 28.656], 'Suburb north of the town centre, home of Northrise University', ['suburb', 'northrise university']),
  place('kansenshi', 'Kansenshi', 'Residential Area', 'ndola', [-12.948, 28.64], 'Residential area north of the town centre', ['suburb']),
  // Chingola
  place('nchanga-north-hospital', 'Nchanga North General Hospital', 'Hospital', 'chingola', [-12.515, 27.856], "Chingola's main hospital, in Nchanga North", ['nchanga hospital', 'chingola hospital', 'emergency']),
  place('nchanga', 'Nchanga', 'Residential Area', 'chingola', [-12.52, 27.855], 'Mine townships beside the Nchanga open pit', ['nchanga north', 'nchanga south', 'open pit', 'mine']),
  place('chingola-town-centre', 'Chingola Town Centre', 'Business Center', 'chingola', [-12.533, 27.859], 'Shops, market and bus stop in the middle of Chingola', ['town', 'market', 'buses']),
  // Mufulira
  place('kamuchanga', 'Kamuchanga', 'Residential Area', 'mufulira', [-12.565, 28.22], 'Township with the Kamuchanga district hospital', ['kamuchanga hospital', 'township']),
  place('ronald-ross-hospital', 'Ronald Ross General Hospital', 'Hospital', 'mufulira', [-12.547, 28.249], "Mufulira's mine hospital", ['mine hospital', 'mopani', 'emergency']),
  // Luanshya
  place('roan-mall', 'Roan Mall', 'Shopping Center', 'luanshya', [-13.136, 28.41], "Luanshya's shopping mall, opened in 2017", ['mall', 'roan', 'shops']),
  place('thomson-hospital', 'Thomson District Hospital', 'Hospital', 'luanshya', [-13.14, 28.4], "Luanshya's district hospital", ['luanshya hospital', 'emergency']),
  // Kalulushi and Chambishi
  place('chibuluma', 'Chibuluma', 'Residential Area', 'kalulushi', [-12.855, 28.09], 'Mine township south of Kalulushi', ['chibuluma mine', 'mine']),
  place('chambishi-mfez', 'Chambishi Multi-Facility Economic Zone', 'Business Center', 'chambishi', [-12.66, 28.08], 'Industrial park with the Chambishi copper smelter', ['mfez', 'zccz', 'smelter', 'industrial']),
  // Chililabombwe
  place('kasumbalesa-border-post', 'Kasumbalesa Border Post', 'Transport Hub', 'chililabombwe', [-12.26, 27.8], 'Main road crossing into the Congo, north of Chililabombwe', ['border', 'drc', 'congo', 'customs', 'trucks']),
  place('konkola-stadium', 'Konkola Stadium', 'Recreation', 'chililabombwe', [-12.365, 27.825], 'Home ground of Konkola Blades', ['football', 'konkola blades']),
];

const byId = new Map(knownPlaces.map((known) => [known.id, known]));

export const placeById = (id: string): KnownPlace | undefined => byId.get(id);

/** Shown when a location input is focused and empty (spec 000 §4.4: nine places). */
export const popularDestinationIds = [
  'kitwe-teaching-hospital',
  'copperbelt-university',
  'mukuba-mall',
  'chisokone-market',
  'kitwe-bus-station',
  'ndola-teaching-hospital',
  'simon-mwansa-kapwepwe-airport',
  'levy-mwanawasa-stadium',
  'kafubu-mall',
] as const;

export const popularDestinations = (): KnownPlace[] => popularDestinationIds.map((id) => byId.get(id)!);

/** A city page lists up to six of its places (spec 001 §2, §9). */
export const CITY_PAGE_DESTINATION_LIMIT = 6;

export const placesInCity = (cityId: CityId, limit = CITY_PAGE_DESTINATION_LIMIT): KnownPlace[] =>
  knownPlaces.filter((known) => known.cityId === cityId).slice(0, limit);
