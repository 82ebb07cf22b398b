import type { FastifyPluginAsync } from 'fastify';

/** Until the web app is served from here: a plain page saying what runs and where to look. */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tiyende — rides, courier and delivery across the Copperbelt</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Tiyende</h1>
<p>Rides, courier and delivery across Zambia's Copperbelt: Kitwe, Ndola, Chingola, Mufulira, Luanshya, Kalulushi, Chambishi, Chililabombwe.</p>
<ul><li><a href="/health">Service health</a></li><li><a href="/docs">API documentation</a></li></ul>
</body></html>`),
  );
};
