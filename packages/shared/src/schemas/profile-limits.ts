/** The longest bio a profile keeps (no zod: the profile page shows it before its form's schema loads). */
export const BIO_MAX = 1000;
