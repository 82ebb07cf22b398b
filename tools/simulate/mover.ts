import type { LatLng } from '../../domain/catalogue/index.js';
import { headingFrom, metresBetween } from './roads.js';

/** A vehicle following a path a fixed distance per tick: where it is, which way it faces, whether it has arrived. */
export class Mover {
  private path: LatLng[] = [];
  private next = 0;
  private travelled = 0;
  position: LatLng;
  heading: number | null = null;

  constructor(start: LatLng) {
    this.position = start;
  }

  /** Sets off along a new path (from wherever the vehicle is now). */
  follow(path: readonly LatLng[]): void {
    this.path = [this.position, ...path];
    this.next = 1;
    this.travelled = 0;
  }

  get arrived(): boolean {
    return this.next >= this.path.length;
  }

  /** Metres driven since the last `follow`. */
  get distanceMetres(): number {
    return this.travelled;
  }

  /** Moves up to `metres` along the path; answers whether the vehicle moved at all. */
  advance(metres: number): boolean {
    let budget = metres;
    let moved = false;
    while (budget > 0 && !this.arrived) {
      const target = this.path[this.next]!;
      const gap = metresBetween(this.position, target);
      if (gap > 0.5) this.heading = Math.round(headingFrom(this.position, target));
      if (gap <= budget) {
        this.position = target;
        this.travelled += gap;
        budget -= gap;
        this.next += 1;
      } else {
        const t = budget / gap;
        this.position = { lat: this.position.lat + t * (target.lat - this.position.lat), lng: this.position.lng + t * (target.lng - this.position.lng) };
        this.travelled += budget;
        budget = 0;
      }
      moved = true;
    }
    return moved;
  }
}
