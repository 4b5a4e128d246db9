/** Said in the titles of the tests the live tier runs a second time with the portable process table. */
export const PROCESS_TABLE_NOTE = process.env.AKK_PROCESS_TABLE === 'posix' ? ', POSIX process table' : '';
