/** Text as a regular expression that matches it literally (a unit "μC/m^2", a phrase "a.c."). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
