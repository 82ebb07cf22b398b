import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepNewerRide } from './newerRide.js';

interface Ride {
  id: string;
  revision: number;
  offeredFareNgwee: number;
}

const key = ['ride', 'r1'];
const cacheWith = () => {
  const client = new QueryClient();
  const options = { queryKey: key, structuralSharing: keepNewerRide<Ride> };
  client.getQueryCache().build(client, options);
  return client;
};

describe('a ride query never goes back in time', () => {
  it('keeps a write’s fresher answer when a lagging read arrives after it', async () => {
    const client = cacheWith();
    client.setQueryData<Ride>(key, { id: 'r1', revision: 7, offeredFareNgwee: 4480 });
    await client.fetchQuery({ queryKey: key, structuralSharing: keepNewerRide<Ride>, queryFn: async () => ({ id: 'r1', revision: 6, offeredFareNgwee: 3980 }) });
    expect(client.getQueryData<Ride>(key)).toEqual({ id: 'r1', revision: 7, offeredFareNgwee: 4480 });
  });

  it('takes a newer or equal answer', async () => {
    const client = cacheWith();
    client.setQueryData<Ride>(key, { id: 'r1', revision: 7, offeredFareNgwee: 4480 });
    await client.fetchQuery({ queryKey: key, structuralSharing: keepNewerRide<Ride>, queryFn: async () => ({ id: 'r1', revision: 8, offeredFareNgwee: 5000 }) });
    expect(client.getQueryData<Ride>(key)?.revision).toBe(8);
    expect(keepNewerRide<Ride>(undefined, { id: 'r1', revision: 0, offeredFareNgwee: 1 })).toEqual({ id: 'r1', revision: 0, offeredFareNgwee: 1 });
  });
});
