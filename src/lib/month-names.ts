/** The months in English, January first: the dashboard writes its own dates without Intl. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Jan" … "Dec". */
export const shortMonthNames = monthNames.map((name) => name.slice(0, 3));
