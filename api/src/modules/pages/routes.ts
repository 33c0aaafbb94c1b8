// Server-rendered pages the admin screen links to (/legacy-admin, /super-admin). Static text,
// no data: they exist so the links lead somewhere real.
import type { FastifyPluginAsync } from 'fastify';
import { renderPage } from './templates';

const PAGES = [
  {
    path: '/legacy-admin',
    title: 'Legacy Admin',
    sentence: 'The legacy administration tools have been retired; use the admin overview instead.',
  },
  {
    path: '/super-admin',
    title: 'Super Admin',
    sentence: 'Super administrator tools are not available in this version of the platform.',
  },
];

const pageRoutes: FastifyPluginAsync = async (app) => {
  for (const page of PAGES) {
    app.get(page.path, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(renderPage(page.title, page.sentence)),
    );
  }
};

export default pageRoutes;
