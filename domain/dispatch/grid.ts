/**
 * The H3 grid dispatch ranks drivers on and analytics counts demand on: cells of about 0.7 km²
 * (edge ≈ 0.5 km), a few city blocks. One constant, so the two always speak of the same cells.
 */
export const DISPATCH_H3_RESOLUTION = 8;
