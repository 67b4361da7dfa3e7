/** Title of the page shown for an unknown path (heading and document title; issue 6, section 5). */
export const NOT_FOUND_TITLE = 'Page Not Found';
