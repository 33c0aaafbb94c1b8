// What the rest of the API uses of the optimizer module (other modules import it from here only).
export { OptimizerRepository } from './repository';
export { default as optimizerRoutes } from './routes';
export { MINIMUM_REVIEWS, OptimizerService, type OptimizerWorkers } from './service';
