/** Title of the page shown for an unknown path (heading and document title). */
export const NOT_FOUND_TITLE = 'Page Not Found';
