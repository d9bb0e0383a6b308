/** The later of two moments (an event may carry an older time than the one already shown). */
export const later = (a: Date, b: Date): Date => (b.getTime() > a.getTime() ? b : a);
