import { createFileRoute, notFound } from '@tanstack/react-router';
import { cityBySlug, type ActiveCity } from '../../../domain/catalogue/index.js';
import { CityNotFound } from '../cities/CityNotFound.js';
import { CityPage } from '../cities/CityPage.js';

/**
 * /kitwe … /chililabombwe: one page per town with a city page (spec 001 §2). Any other single
 * path segment — a coming-soon town, a typo — is "City not found".
 */
export const Route = createFileRoute('/$city')({
  loader: ({ params }): { city: ActiveCity } => {
    const city = cityBySlug(params.city);
    if (!city || city.status !== 'active') throw notFound();
    return { city };
  },
  component: CityRoute,
  notFoundComponent: CityNotFound,
});

function CityRoute() {
  const { city } = Route.useLoaderData();
  return <CityPage city={city} />;
}
