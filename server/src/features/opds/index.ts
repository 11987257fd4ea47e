// OPDS's public face: the catalogue for e-reader apps (issue 26). It owns no table and is
// imported by no feature; the app registers its calls.
export { opdsRoutes as opdsPlugin } from "./routes";
