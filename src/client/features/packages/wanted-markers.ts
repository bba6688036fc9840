/**
 * At most this many markers in one visit, as packages.buildYourOwn takes them (WANTED_MARKERS_MAX,
 * shared/package-schemas.ts, which the client's public pages do not import: it brings zod). A module of
 * its own, so a package's page, which starts a visit from its first markers, does not load the picker.
 */
export const WANTED_MAX = 20;
