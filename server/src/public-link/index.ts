export { publicLinkRepo } from './public-link.repo.ts';
export { publicLinkRobots, publicLinkRoutes } from './public-link.routes.ts';
