import { describe, expect, it } from 'vitest';
import { maxPassengersFrom, vehicleById, vehicles, vehiclesInCategory, visibleVehicles } from './vehicles.js';
import { vehicleIdSchema } from './schemas.js';

describe('vehicle catalogue', () => {
  it('lists the 17 services once each, in the four groups', () => {
    expect(vehicles).toHaveLength(17);
    expect(new Set(vehicles.map((vehicle) => vehicle.id)).size).toBe(17);
    const countIn = (category: string) => vehicles.filter((vehicle) => vehicle.category === category).length;
    expect([countIn('ride'), countIn('courier'), countIn('foods'), countIn('weddings')]).toEqual([5, 5, 3, 4]);
  });

  it('carries the listed starting prices in ngwee', () => {
    expect(vehicleById('car').startingPrice).toBe(2500);
    expect(vehicleById('fast-food').startingPrice).toBe(800);
    expect(vehicleById('honeymoon-transfer').startingPrice).toBe(25_000);
  });

  it('puts each service in the class ARCHITECTURE gives it', () => {
    const inClass = (serviceClass: string) => vehicles.filter((vehicle) => vehicle.serviceClass === serviceClass).map((vehicle) => vehicle.id).sort();
    expect(inClass('economy')).toEqual(['assist', 'car', 'fast-food', 'food-delivery', 'grocery-delivery', 'motorcycle']);
    expect(inClass('comfort')).toEqual(['car-xl', 'event-logistics', 'guest-shuttle', 'light-truck', 'reservations']);
    expect(inClass('business')).toEqual(['deluxe', 'executive', 'honeymoon-transfer', 'intercity', 'truck', 'wedding-transport']);
  });

  it('sends motorcycles as parcel couriers, never with passengers', () => {
    const motorcycle = vehicleById('motorcycle');
    expect(motorcycle.category).toBe('courier');
    expect(motorcycle.load.kind).toBe('package');
    expect(motorcycle.capacity).not.toMatch(/passenger/i);
  });

  it('asks every ride-category vehicle for passengers and every courier for a package size', () => {
    for (const vehicle of vehicles.filter((candidate) => candidate.category === 'ride')) expect(vehicle.load.kind).toBe('passengers');
    for (const vehicle of vehicles.filter((candidate) => candidate.category === 'courier')) expect(vehicle.load.kind).toBe('package');
  });

  it('reads the passenger limit from the capacity text', () => {
    expect(vehicleById('car-xl').load).toEqual({ kind: 'passengers', maxPassengers: 6 });
    expect(vehicleById('guest-shuttle').load).toEqual({ kind: 'passengers', maxPassengers: 14 });
    expect(vehicleById('honeymoon-transfer').load).toEqual({ kind: 'passengers', maxPassengers: 2 });
  });

  it('rejects an unknown vehicle id', () => {
    expect(vehicleIdSchema.safeParse('bicycle').success).toBe(false);
    expect(vehicleIdSchema.safeParse('light-truck').success).toBe(true);
  });
});

describe('maxPassengersFrom', () => {
  it.each([
    ['4 passengers', 4],
    ['Up to 14 passengers', 14],
    ['1-7 seats', 7],
    ['Seats for the couple', 4],
    ['', 4],
  ])('%j → %i', (capacity, max) => {
    expect(maxPassengersFrom(capacity)).toBe(max);
  });
});

describe('visibleVehicles', () => {
  it('hides the coming-soon services from riders and drivers', () => {
    const ids = visibleVehicles(false).map((vehicle) => vehicle.id);
    expect(ids).toHaveLength(13);
    expect(ids).not.toContain('deluxe');
    expect(ids).not.toContain('executive');
    expect(ids).not.toContain('truck');
    expect(ids).not.toContain('intercity');
  });

  it('shows everything to admin and staff', () => {
    expect(visibleVehicles(true)).toHaveLength(17);
    expect(vehiclesInCategory('courier', true).map((vehicle) => vehicle.id)).toEqual(['motorcycle', 'assist', 'light-truck', 'truck', 'intercity']);
    expect(vehiclesInCategory('courier', false).map((vehicle) => vehicle.id)).toEqual(['motorcycle', 'assist', 'light-truck']);
  });
});
