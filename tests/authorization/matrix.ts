/**
 * THE authorization table: every route of the API, how to make a valid request to it, and what
 * each kind of caller must be told. matrix.int.spec.ts makes one test per cell; the bad-input
 * fuzz (tests/fuzz) takes its valid requests and allowed callers from here too.
 *
 * Columns: anon, A (passenger, the owner), B (another passenger), X (the assigned driver), Y (another
 * approved driver), U (a driver whose application is pending), admin, staff. A cell is the exact
 * status, or a class ('2xx').
 */
import { driverApplication } from '../support/fixtures/apiDrivers.js';
import { copperbeltUniversity, freedomPark, roles, type Person, type Resource, type ResourceKind, type Role, type World } from '../support/authorizationWorld.js';

export type Expected = number | '2xx' | '4xx';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (a multipart upload), with its content type. */
  raw?: { payload: Buffer; contentType: string };
}

/** A 1×1 PNG: the smallest photo a document upload accepts. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = '----tiyende-matrix';
const photoUpload = {
  payload: Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`),
    ONE_PIXEL_PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
};

export interface RequestContext {
  world: World;
  /** The row's resource (see `uses`), when it has one. */
  res: Resource;
  /** Who asks; undefined for a visitor. */
  who: Person | undefined;
}

export interface RouteRow {
  method: Method;
  /** As registered, with `:name` params. */
  path: string;
  /** The kind of resource the path (or body) points at. */
  uses?: ResourceKind;
  /** A success changes the resource for good: every success after the row's first gets a new one. */
  fresh?: boolean;
  /** A success ends or replaces the caller's session: each signed-in cell uses a spare one. */
  spareSession?: boolean;
  request: (context: RequestContext) => RequestParts;
  expect: Record<Role, Expected>;
}

/**
 * A stranger to a ride or a bid (another passenger, a driver not on it) hears what they would hear
 * of one that does not exist, as GET /api/rides/:rideId answers (rideSources.ts: "a stranger learns
 * nothing"): a 403 there would say the id is real.
 */
const STRANGER = 404;
const ALL = (status: Expected): Expected[] => roles.map(() => status);
const SIGNED_IN = (status: Expected): Expected[] => [401, ...roles.slice(1).map(() => status)];
const ADMIN_ONLY = (status: Expected): Expected[] => [401, 403, 403, 403, 403, 403, status, 403];

type Options = Partial<Omit<RouteRow, 'method' | 'path' | 'expect'>>;
function row(method: Method, path: string, expected: Expected[], options: Options = {}): RouteRow {
  if (expected.length !== roles.length) throw new Error(`${method} ${path}: ${expected.length} cells for ${roles.length} roles`);
  const expect = Object.fromEntries(roles.map((role, index) => [role, expected[index]!])) as Record<Role, Expected>;
  return { request: () => ({}), ...options, method, path, expect };
}

const place = ({ lat, lng }: { lat: number; lng: number }) => ({ lat, lng });
const zmw = (ngwee: number) => ngwee / 100;
/** The caller, or (for a visitor) the person whose account the body names. */
const ownOr = (fallback: keyof World['people']) => ({ who, world }: RequestContext) => who ?? world.people[fallback];
const credentialsOf = (fallback: keyof World['people']) => (context: RequestContext) => {
  const { email, password } = ownOr(fallback)(context);
  return { body: { email, password } };
};
const routeBody = {
  startAddress: 'Chisokone Market',
  endAddress: 'Nkana Mine',
  streetNames: ['Freedom Avenue', 'Oxford Road'],
  coordinates: [place(freedomPark), place(copperbeltUniversity)],
};

/** How to make each route's valid request, by what it needs. */
const to = {
  ride: ({ res }: RequestContext): RequestParts => ({ params: { rideId: res.rideId! } }),
  rideWith: (body: (context: RequestContext) => unknown) => (context: RequestContext): RequestParts => ({ ...to.ride(context), body: body(context) }),
  idAs: (name: string) => ({ res }: RequestContext): RequestParts => ({ params: { [name]: res.id } }),
  idWith: (name: string, body: unknown) => (context: RequestContext): RequestParts => ({ ...to.idAs(name)(context), body }),
  driverX: ({ world }: RequestContext): RequestParts => ({ params: { driverId: world.people.X.user.id } }),
  driverXWith: (body: unknown) => (context: RequestContext): RequestParts => ({ ...to.driverX(context), body }),
  body: (body: unknown) => (): RequestParts => ({ body }),
  register: ({ world }: RequestContext): RequestParts => ({
    body: { email: world.newEmail('registered'), password: 'correct-horse-battery', fullName: 'Natasha Lungu', userType: 'passenger' },
  }),
  ownUser: (extra: object) => (context: RequestContext): RequestParts => ({ body: { userId: ownOr('A')(context).user.id, ...extra } }),
  verifyMfa: ({ who, world }: RequestContext): RequestParts => ({
    body: { userId: (who ?? world.people.A).user.id, code: who ? world.backupCodeOf(who) : world.people.A.backupCodes.at(-1) },
  }),
  booking: (): RequestParts => ({
    body: {
      vehicleType: 'car',
      pickupLocation: freedomPark,
      dropoffLocation: copperbeltUniversity,
      multipleDestinations: [],
      pricingMethod: 'fixed',
      paymentMethod: 'cash',
      isScheduled: false,
      scheduledFor: null,
    },
  }),
  bid: ({ res }: RequestContext): RequestParts => ({ body: { rideId: res.rideId, bidAmount: zmw(res.quoteNgwee!), message: 'Five minutes away', estimatedArrival: 5 } }),
  bidId: ({ res }: RequestContext): RequestParts => ({ params: { bidId: res.bidId! } }),
  contact: (): RequestParts => ({
    body: {
      name: 'Mutinta Hichilema',
      email: 'mutinta@example.com',
      subject: 'Receipt please',
      category: 'payment_issues',
      message: 'Please send me a receipt for my ride.',
      urgency: 'low',
    },
  }),
};

//                                                                          anon  A    B    X    Y    U    admin staff
export const table: RouteRow[] = [
  // — auth: public flows; the body names the account, the cookie the sign-in under way —
  row('POST', '/api/auth/register', ALL(201), { spareSession: true, request: to.register }),
  row('POST', '/api/auth/login', ALL(200), { spareSession: true, request: credentialsOf('A') }),
  row('POST', '/api/auth/admin-login', [200, 403, 403, 403, 403, 403, 200, 403], { spareSession: true, request: credentialsOf('admin') }),
  row('POST', '/api/auth/logout', ALL(204), { spareSession: true }),
  row('GET', '/api/auth/user', SIGNED_IN(200)),
  row('GET', '/api/auth/session', ALL(200)),
  row('PATCH', '/api/auth/preferences', SIGNED_IN(200), { request: to.body({ preferredLanguage: 'en' }) }),
  // One account, two roles: each caller asks for the role it already holds (a no-op), so the world's
  // accounts stay one-role; taking up the other role is api/routes/auth/roles.int.spec.ts's.
  row('POST', '/api/auth/roles', [401, 200, 200, 200, 200, 200, 403, 403], {
    request: ({ who }) => ({ body: { role: who?.user.userType === 'driver' ? 'driver' : 'passenger' } }),
  }),
  row('POST', '/api/auth/setup-mfa', SIGNED_IN(200), { request: to.ownUser({ method: 'totp' }) }),
  row('POST', '/api/auth/send-mfa-code', SIGNED_IN(200), { request: to.ownUser({ purpose: 'registration' }) }),
  row('POST', '/api/auth/verify-mfa', SIGNED_IN(200), { spareSession: true, request: to.verifyMfa }),
  row('GET', '/api/auth/google', ALL(302)),
  row('GET', '/api/auth/google/callback', ALL(302)),
  row('GET', '/api/auth/apple', ALL(302)),
  row('GET', '/api/auth/apple/callback', ALL(302)),
  row('POST', '/api/auth/apple/callback', ALL(302), { request: to.body({}) }),
  row('GET', '/api/dev/outbox', ALL(200)),

  // — catalogue: open to visitors —
  row('GET', '/api/catalogue/vehicles', ALL(200)),
  row('GET', '/api/catalogue/cities', ALL(200)),
  row('GET', '/api/catalogue/cities/:cityId', ALL(200), { request: () => ({ params: { cityId: 'kitwe' } }) }),
  row('GET', '/api/catalogue/places', ALL(200), { request: () => ({ query: { q: 'kitwe', limit: '5' } }) }),
  row('GET', '/api/catalogue/payment-methods', ALL(200)),
  row('GET', '/api/payments/methods/catalogue', ALL(200)),
  row('GET', '/api/map', ALL(200)),
  row('GET', '/api/map/tiles/:z/:x/:y.pbf', ALL(404), { request: () => ({ params: { z: '12', x: '2371', y: '2197' } }) }),
  row('GET', '/api/map/attribution', ALL(404)),
  row('POST', '/api/fares/quote', ALL(200), { request: to.body({ vehicleType: 'car', pickup: place(freedomPark), dropoff: place(copperbeltUniversity) }) }),

  // — rides —
  row('POST', '/api/rides', [401, 201, 201, 403, 403, 403, 403, 403], { request: to.booking }),
  row('GET', '/api/rides/mine', [401, 200, 200, 403, 403, 403, 403, 403]),
  row('GET', '/api/rides/driver/:driverId', [401, 403, 403, 200, 403, 403, 200, 403], { request: to.driverX }),
  row('GET', '/api/rides/pending/:vehicleType', [401, 403, 403, 200, 200, 403, 403, 403], { request: () => ({ params: { vehicleType: 'car' } }) }),
  row('GET', '/api/rides/:rideId', [401, 200, 404, 200, 404, 404, 200, 404], { uses: 'acceptedRide', request: to.ride }),
  row('GET', '/api/rides/:rideId/events', [401, 200, 404, 200, 404, 404, 200, 404], { uses: 'acceptedRide', request: to.ride }),
  row('GET', '/api/rides/:rideId/directions', [401, 200, 404, 200, 404, 404, 200, 404], { uses: 'acceptedRide', request: to.ride }),
  row('PATCH', '/api/rides/:rideId', [401, 403, 403, 200, 200, 409, 403, 403], { uses: 'pendingRide', fresh: true, request: to.rideWith(() => ({ status: 'accepted' })) }),
  row('POST', '/api/rides/:rideId/counter-offer', [401, 200, STRANGER, 403, 403, 403, 403, 403], {
    uses: 'openBiddingRide',
    fresh: true,
    request: to.rideWith(({ res }) => ({ offeredFare: zmw(res.floorNgwee!) })),
  }),
  row('POST', '/api/rides/:rideId/decline-bids', [401, 200, STRANGER, 403, 403, 403, 403, 403], { uses: 'biddingRide', fresh: true, request: to.ride }),
  row('POST', '/api/rides/:rideId/arrive', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', fresh: true, request: to.ride }),
  row('POST', '/api/rides/:rideId/start', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], { uses: 'arrivedRide', fresh: true, request: to.rideWith(({ res }) => ({ pin: res.pin })) }),
  row('POST', '/api/rides/:rideId/complete', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], {
    uses: 'startedRide',
    fresh: true,
    request: to.rideWith(() => ({ distanceKm: 3.4, durationMinutes: 11 })),
  }),
  row('POST', '/api/rides/:rideId/cancel', [401, 200, STRANGER, 200, STRANGER, STRANGER, 200, 403], { uses: 'acceptedRide', fresh: true, request: to.rideWith(() => ({ reason: 'Plans changed' })) }),
  row('POST', '/api/rides/:rideId/rate', [401, 200, STRANGER, 200, STRANGER, STRANGER, 403, 403], { uses: 'completedRide', fresh: true, request: to.rideWith(() => ({ stars: 5, comment: 'Safe' })) }),
  row('POST', '/api/rides/:rideId/emergency', [401, 200, STRANGER, 200, STRANGER, STRANGER, 403, 403], {
    uses: 'acceptedRide',
    fresh: true,
    request: to.rideWith(() => ({ location: place(freedomPark) })),
  }),
  row('POST', '/api/rides/:rideId/reissue-pin', [401, 200, STRANGER, 403, 403, 403, 403, 403], { uses: 'acceptedRide', fresh: true, request: to.ride }),

  // — bids: a driver sees only their own; U may not see ride requests at all —
  row('GET', '/api/bids/ride/:rideId', [401, 200, 404, 200, STRANGER, STRANGER, 200, 404], { uses: 'biddingRide', request: to.ride }),
  row('POST', '/api/bids', [401, 403, 403, 201, 201, 409, 403, 403], { uses: 'openBiddingRide', fresh: true, request: to.bid }),
  row('PATCH', '/api/bids/:bidId', [401, 200, STRANGER, 403, 403, 403, 403, 403], {
    uses: 'biddingRide',
    fresh: true,
    request: (context) => ({ ...to.bidId(context), body: { status: 'accepted' } }),
  }),
  row('POST', '/api/bids/:bidId/withdraw', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], { uses: 'biddingRide', fresh: true, request: to.bidId }),

  // — drivers (a driver's id is their user id) —
  row('GET', '/api/drivers/available', SIGNED_IN(200), { request: () => ({ query: { vehicleType: 'car', lat: String(freedomPark.lat), lng: String(freedomPark.lng) } }) }),
  // — drivers' document files: the driver uploads; the driver and admins read —
  row('POST', '/api/drivers/:driverId/documents/:kind', [401, 403, 403, 201, 403, 403, 403, 403], {
    request: ({ world }) => ({ params: { driverId: world.people.X.user.id, kind: 'driving_licence' }, raw: photoUpload }),
  }),
  row('GET', '/api/drivers/:driverId/documents', [401, 403, 403, 200, 403, 403, 200, 403], { request: to.driverX }),
  // A file id nobody has: who may read is checked before whether it exists.
  row('GET', '/api/drivers/:driverId/documents/files/:fileId', [401, 403, 403, 404, 403, 403, 404, 403], {
    request: ({ world }) => ({ params: { driverId: world.people.X.user.id, fileId: '00000000-0000-4000-8000-000000000000' } }),
  }),
  row('GET', '/api/drivers/user/:userId', [401, 403, 403, 200, 403, 403, 200, 403], { request: ({ world }) => ({ params: { userId: world.people.X.user.id } }) }),
  row('GET', '/api/drivers/:driverId', [401, 200, 403, 200, 403, 403, 200, 403], { uses: 'acceptedRide', request: to.driverX }),
  row('POST', '/api/drivers/register', [401, 403, 403, 409, 409, 409, 403, 403], { request: to.body(driverApplication('car', 'BAZ 2024')) }),
  row('PATCH', '/api/drivers/:driverId/status', [401, 403, 403, 200, 403, 403, 403, 403], { request: to.driverXWith({ isOnline: true, location: place(freedomPark) }) }),
  row('POST', '/api/drivers/:driverId/location', [401, 403, 403, 200, 403, 403, 403, 403], { request: to.driverXWith({ ...place(freedomPark), heading: 90 }) }),
  row('GET', '/api/drivers/:driverId/earnings', [401, 403, 403, 200, 403, 403, 200, 403], { request: to.driverX }),
  row('GET', '/api/drivers/:driverId/statement', [401, 403, 403, 200, 403, 403, 200, 403], { request: to.driverX }),

  // — route encodings: every signed-in rider and driver contributes (and staff and admins), never verifying their own —
  row('POST', '/api/routes/calculate', SIGNED_IN(200), { request: to.body({ waypoints: [freedomPark, copperbeltUniversity].map(({ lat, lng }) => ({ lat, lng })) }) }),
  row('GET', '/api/route-encodings/pending', SIGNED_IN(200)),
  row('GET', '/api/route-encodings/stats', SIGNED_IN(200)),
  row('GET', '/api/route-encodings/driver/:driverId', [401, 403, 403, 200, 403, 403, 200, 403], { request: to.driverX }),
  row('GET', '/api/route-encodings/:id', SIGNED_IN(200), { uses: 'encoding', request: to.idAs('id') }),
  row('POST', '/api/route-encodings', SIGNED_IN(201), { request: to.body(routeBody) }),
  row('POST', '/api/route-encodings/:id/verify', [401, 200, 200, 409, 200, 200, 200, 200], { uses: 'encoding', fresh: true, request: to.idWith('id', { isAccurate: true }) }),
  row('POST', '/api/route-encodings/:id/revise', [401, 403, 403, 200, 403, 403, 403, 403], {
    uses: 'encoding',
    fresh: true,
    request: to.idWith('id', { ...routeBody, streetNames: ['Freedom Avenue'] }),
  }),

  // — payments —
  row('GET', '/api/payments/methods', SIGNED_IN(200)),
  row('POST', '/api/payments/methods', SIGNED_IN(201), { request: ({ world }) => ({ body: { provider: 'airtel_money', accountNumber: world.mobileNumber() } }) }),
  row('DELETE', '/api/payments/methods/:id', [401, 204, 404, 404, 404, 404, 404, 404], { uses: 'paymentMethod', fresh: true, request: to.idAs('id') }),
  // A completed ride of A's is paid in cash (the payment reactor asked for it at completion): paying
  // again while that request stands is refused as a state; only its rider may try.
  row('GET', '/api/payments', [401, 200, 200, 403, 403, 403, 403, 403]),
  row('GET', '/api/rides/:rideId/payment', [401, 200, STRANGER, 200, STRANGER, STRANGER, 200, 403], { uses: 'completedRide', fresh: true, request: to.ride }),
  row('POST', '/api/rides/:rideId/payment', [401, 409, STRANGER, 403, 403, 403, 403, 403], { uses: 'completedRide', fresh: true, request: to.rideWith(() => ({ method: 'cash' })) }),
  row('POST', '/api/payments/process', [401, 409, STRANGER, 403, 403, 403, 403, 403], {
    uses: 'completedRide',
    fresh: true,
    request: ({ res }) => ({ body: { rideId: res.rideId!, paymentMethod: 'cash' } }),
  }),
  row('POST', '/api/rides/:rideId/payment/cash-collected', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], { uses: 'completedRide', fresh: true, request: to.ride }),
  row('POST', '/api/rides/:rideId/payment/cash-not-paid', [401, 403, 403, 200, STRANGER, STRANGER, 403, 403], { uses: 'completedRide', fresh: true, request: to.ride }),
  row('POST', '/api/rides/:rideId/payment/dispute', [401, '2xx', STRANGER, 403, 403, 403, 403, 403], {
    uses: 'completedRide',
    fresh: true,
    request: to.rideWith(() => ({ reason: 'I paid the driver in cash' })),
  }),
  row('GET', '/api/admin/payments', ADMIN_ONLY(200)),
  row('GET', '/api/admin/payments/failures', ADMIN_ONLY(200)),
  row('GET', '/api/admin/payments/refunds', ADMIN_ONLY(200)),
  row('GET', '/api/admin/payments/reconciliation', ADMIN_ONLY(200)),
  row('GET', '/api/admin/payments/reconciliation.csv', ADMIN_ONLY(200)),
  // Cash is refunded by hand, and nothing is disputed: both refused as states, to admins only.
  row('POST', '/api/admin/payments/:rideId/refunds', ADMIN_ONLY(409), { uses: 'completedRide', fresh: true, request: to.rideWith(() => ({ amount: 5, reason: 'Detour' })) }),
  row('POST', '/api/admin/payments/:rideId/dispute', ADMIN_ONLY(409), { uses: 'completedRide', fresh: true, request: to.rideWith(() => ({ outcome: 'paid', note: 'Receipt seen' })) }),
  // The sandbox wallet (on in the test bed): riders and admins; a request that is not theirs is not there.
  row('GET', '/api/dev/payments/sandbox', [401, 200, 200, 403, 403, 403, 200, 403]),
  row('POST', '/api/dev/payments/sandbox/:reference/approve', [401, 404, 404, 403, 403, 403, 404, 403], {
    request: () => ({ params: { reference: '6c1d9f3e-1c2b-4c3d-8e4f-5a6b7c8d9e0f' } }),
  }),
  row('POST', '/api/dev/payments/sandbox/:reference/decline', [401, 404, 404, 403, 403, 403, 404, 403], {
    request: () => ({ params: { reference: '6c1d9f3e-1c2b-4c3d-8e4f-5a6b7c8d9e0f' }, body: { reason: 'declined' } }),
  }),
  // Providers call back without a session; a callback without our token is refused, whoever sends it.
  ...(['POST', 'PUT'] as const).map((method) =>
    row(method, '/api/payments/callbacks/{*}', ALL(401), {
      request: () => ({ params: { '*': 'sandbox/6c1d9f3e-1c2b-4c3d-8e4f-5a6b7c8d9e0f/forged' }, body: { status: 'SUCCESSFUL' } }),
    }),
  ),

  // — support —
  row('POST', '/api/support/contact', ALL(201), { request: to.contact }),
  row('GET', '/api/admin/support', [401, 403, 403, 403, 403, 403, 200, 200]),
  row('PATCH', '/api/admin/support/:id', [401, 403, 403, 403, 403, 403, 200, 200], { uses: 'supportMessage', request: to.idWith('id', { status: 'in_progress' }) }),

  // — admin —
  row('GET', '/api/admin/dashboard-stats', ADMIN_ONLY(200)),
  row('GET', '/api/admin/users', ADMIN_ONLY(200)),
  row('PATCH', '/api/admin/users/:userId', ADMIN_ONLY(200), { uses: 'editableUser', request: to.idWith('userId', { name: 'Edited Name' }) }),
  row('DELETE', '/api/admin/users/:userId', ADMIN_ONLY(204), { uses: 'editableUser', fresh: true, request: to.idAs('userId') }),
  row('GET', '/api/admin/drivers', ADMIN_ONLY(200)),
  row('PATCH', '/api/admin/drivers/:driverId/verify', ADMIN_ONLY(200), {
    uses: 'pendingApplicant',
    fresh: true,
    request: to.idWith('driverId', { verificationStatus: 'approved' }),
  }),
  row('POST', '/api/admin/drivers/:driverId/suspend', ADMIN_ONLY(200), {
    uses: 'approvedApplicant',
    fresh: true,
    request: to.idWith('driverId', { reason: 'Expired insurance papers' }),
  }),
  row('POST', '/api/admin/drivers/:driverId/reinstate', ADMIN_ONLY(200), { uses: 'suspendedApplicant', fresh: true, request: to.idAs('driverId') }),
  row('GET', '/api/admin/rides', ADMIN_ONLY(200)),
  row('GET', '/api/admin/rides/:rideId/events', ADMIN_ONLY(200), { uses: 'acceptedRide', request: to.ride }),
  row('GET', '/api/admin/audit-log', ADMIN_ONLY(200)),
  row('GET', '/api/admin/activity', ADMIN_ONLY(200), { request: () => ({ query: { limit: '5' } }) }),
  row('GET', '/api/admin/settings', ADMIN_ONLY(200)),
  row('PUT', '/api/admin/settings', ADMIN_ONLY(200), { request: () => ({ body: { weather: 'rain', bidWindowSeconds: 90 } }) }),
  row('GET', '/api/admin/analytics', ADMIN_ONLY(200), { request: () => ({ query: { from: '2026-03-01', to: '2026-03-31', city: 'kitwe' } }) }),
  row('GET', '/api/admin/analytics/:dataset.csv', ADMIN_ONLY(200), { request: () => ({ params: { dataset: 'ridesPerDay' }, query: { vehicleType: 'car' } }) }),
  // The safety net (issue 13). A stranger to the ride hears 404; the other party, doing what only one side may, 403.
  row('GET', '/api/me/trusted-contacts', [401, 200, 200, 403, 403, 403, 403, 403]),
  row('POST', '/api/me/trusted-contacts', [401, 201, 201, 403, 403, 403, 403, 403], { request: to.body({ name: 'Mary Chanda', phone: '0971234567' }) }),
  row('PUT', '/api/me/trusted-contacts/:contactId', [401, 404, 404, 403, 403, 403, 403, 403], {
    request: () => ({ params: { contactId: 'no-such-contact' }, body: { name: 'Mary Chanda', phone: '0971234567' } }),
  }),
  row('DELETE', '/api/me/trusted-contacts/:contactId', [401, 404, 404, 403, 403, 403, 403, 403], { request: () => ({ params: { contactId: 'no-such-contact' } }) }),
  row('GET', '/api/share/:token', ALL(404), { request: () => ({ params: { token: 'A'.repeat(43) } }) }),
  row('GET', '/api/dev/texts', ALL(200)),
  row('GET', '/api/rides/:rideId/share', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/share', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  // After the row above started a link on the shared ride, the rider revokes it (the others are refused first).
  row('DELETE', '/api/rides/:rideId/share', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  // A has a trusted contact by now (the POST row above); told once per ride, and only A's cell succeeds.
  row('POST', '/api/rides/:rideId/share/notify-contacts', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/share/notify-at-start', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('GET', '/api/rides/:rideId/checks', [401, 200, STRANGER, 403, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/checks/:checkId/answer', [401, 404, STRANGER, 404, STRANGER, STRANGER, 404, 403], {
    uses: 'acceptedRide',
    request: ({ res }) => ({ params: { rideId: res.rideId!, checkId: `${res.rideId}_check9` }, body: { answer: 'safe' } }),
  }),
  row('GET', '/api/rides/:rideId/messages', [401, 200, STRANGER, 200, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/messages', [401, 201, STRANGER, 201, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.rideWith(() => ({ text: 'On my way' })) }),
  row('POST', '/api/rides/:rideId/messages/read', [401, 404, STRANGER, 404, STRANGER, STRANGER, 403, 403], {
    uses: 'acceptedRide',
    request: to.rideWith(() => ({ upToMessageId: 'no-such-message' })),
  }),
  row('GET', '/api/rides/:rideId/recording', [401, 200, STRANGER, 200, STRANGER, STRANGER, 200, 403], { uses: 'acceptedRide', request: to.ride }),
  // A's request opens the recording; X's, after it, finds one already asked for.
  row('POST', '/api/rides/:rideId/recording/request', [401, 200, STRANGER, '4xx', STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  // Both are told of A's request; only the requester starts and cancels it.
  row('POST', '/api/rides/:rideId/recording/notice', [401, 200, STRANGER, 200, STRANGER, STRANGER, 403, 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/recording/start', [401, 200, STRANGER, '4xx', STRANGER, STRANGER, '4xx', 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/recording/cancel', [401, 200, STRANGER, '4xx', STRANGER, STRANGER, '4xx', 403], { uses: 'acceptedRide', request: to.ride }),
  row('POST', '/api/rides/:rideId/recording/upload', [401, 409, STRANGER, 409, STRANGER, STRANGER, 403, 403], {
    uses: 'acceptedRide',
    request: ({ res }) => ({ params: { rideId: res.rideId! }, query: { durationSeconds: '30' } }),
  }),
  row('GET', '/api/rides/:rideId/recording/audio', [401, 403, 403, 403, 403, 403, 404, 403], { uses: 'acceptedRide', request: to.ride }),
  row('GET', '/api/admin/incidents', ADMIN_ONLY(200)),
  row('GET', '/api/admin/incidents/:incidentId', ADMIN_ONLY(404), { uses: 'acceptedRide', request: ({ res }) => ({ params: { incidentId: `${res.rideId}_incident1` } }) }),
  row('POST', '/api/admin/incidents/:incidentId/acknowledge', ADMIN_ONLY('4xx'), { uses: 'acceptedRide', request: ({ res }) => ({ params: { incidentId: `${res.rideId}_incident1` } }) }),
  row('POST', '/api/admin/incidents/:incidentId/resolve', ADMIN_ONLY('4xx'), {
    uses: 'acceptedRide',
    request: ({ res }) => ({ params: { incidentId: `${res.rideId}_incident1` }, body: { outcome: 'assisted', note: 'Called the rider' } }),
  }),
];

/** Routes the table leaves out on purpose, with why. */
export const notInTable: Record<string, string> = {
  'GET /health': 'operations: the API test bed has no health check (it throws by design)',
};

export const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** `/api/rides/:rideId` with `{ rideId }` filled in (encoded), plus the query string. */
export function urlOf(path: string, parts: RequestParts): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  }).replace(/\{\*\}$/, () => {
    const rest = parts.params?.['*'];
    if (rest === undefined) throw new Error(`${path}: no value for the wildcard`);
    return rest;
  });
  const query = new URLSearchParams(parts.query ?? {}).toString();
  return query ? `${filled}?${query}` : filled;
}

export const isSuccess = (expected: Expected) => expected === '2xx' || (typeof expected === 'number' && expected < 400);
