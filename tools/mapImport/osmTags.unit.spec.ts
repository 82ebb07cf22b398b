import { describe, expect, it } from 'vitest';
import { roadTags } from './osmTags.js';

describe('which OSM ways a car may drive, and how', () => {
  it.each([
    ['residential', { highway: 'residential' }],
    ['trunk', { highway: 'trunk' }],
    ['service', { highway: 'service' }],
    ['trunk_link', { highway: 'trunk_link' }],
  ])('drives a %s road', (roadClass, tags) => {
    expect(roadTags(tags)).toMatchObject({ roadClass, direction: 'both' });
  });

  it.each([
    ['a footway', { highway: 'footway' }],
    ['a track', { highway: 'track' }],
    ['a path', { highway: 'path' }],
    ['a road under construction', { highway: 'construction' }],
    ['an untagged way', { building: 'yes' }],
    ['a pedestrian area', { highway: 'service', area: 'yes' }],
    ['a private road', { highway: 'residential', access: 'private' }],
    ['a road closed to motor vehicles', { highway: 'residential', motor_vehicle: 'no' }],
    ['a road closed to cars', { highway: 'residential', motorcar: 'no', access: 'yes' }],
    ['a road for buses only', { highway: 'primary', access: 'no', psv: 'yes' }],
    ['a reversible road', { highway: 'primary', oneway: 'reversible' }],
    ['our own class in an extract', { highway: 'verified_route' }],
  ])('leaves out %s', (_what, tags) => {
    expect(roadTags(tags)).toBeNull();
  });

  it('lets the most specific access tag decide: closed to traffic but open to cars is open', () => {
    expect(roadTags({ highway: 'service', access: 'no', motorcar: 'yes' })).not.toBeNull();
    expect(roadTags({ highway: 'service', vehicle: 'no', motor_vehicle: 'destination' })).not.toBeNull();
    expect(roadTags({ highway: 'service', access: 'destination' })).not.toBeNull();
  });

  it.each([
    [{ oneway: 'yes' }, 'forward'],
    [{ oneway: '1' }, 'forward'],
    [{ oneway: '-1' }, 'backward'],
    [{ junction: 'roundabout' }, 'forward'],
    [{ junction: 'roundabout', oneway: 'no' }, 'both'],
    [{ oneway: 'no' }, 'both'],
    [{}, 'both'],
  ] as const)('reads %o as %s', (tags, direction) => {
    expect(roadTags({ highway: 'secondary', ...tags })?.direction).toBe(direction);
  });

  it('takes a motorway as one-way unless tagged otherwise', () => {
    expect(roadTags({ highway: 'motorway' })?.direction).toBe('forward');
    expect(roadTags({ highway: 'motorway', oneway: 'no' })?.direction).toBe('both');
  });

  it('reads limits in km/h or mph, and no limit from zones and words', () => {
    expect(roadTags({ highway: 'primary', maxspeed: '60' })?.maxSpeedKmh).toBe(60);
    expect(roadTags({ highway: 'primary', maxspeed: '30 mph' })?.maxSpeedKmh).toBe(48);
    for (const maxspeed of ['ZM:urban', 'none', 'walk', '0']) expect(roadTags({ highway: 'primary', maxspeed })?.maxSpeedKmh).toBeNull();
  });

  it('keeps the name and road number, trimmed, and none when blank', () => {
    expect(roadTags({ highway: 'trunk', name: ' Freedom Avenue ', ref: 'T3' })).toMatchObject({ name: 'Freedom Avenue', ref: 'T3' });
    expect(roadTags({ highway: 'trunk', name: '  ' })).toMatchObject({ name: null, ref: null });
  });
});
