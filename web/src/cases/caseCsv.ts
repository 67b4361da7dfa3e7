/** The CSV columns of a case list, shared with the server's export job. */
export { caseCsvColumns } from '../../../shared/csv-columns';
