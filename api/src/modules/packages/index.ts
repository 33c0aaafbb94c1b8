// What the rest of the API uses of the packages module (other modules import it from here only).
export { ApkgExporter } from './export-apkg';
export { default as packageExportRoutes } from './export-routes';
export { default as packageRoutes } from './routes';
export { PackagesService } from './service';
