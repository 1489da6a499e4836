/**
 * The DSL's two constants that users' code reads, in a module of their own: the schema modules'
 * declarations are large (valibot's inferred types), and the package's types (docs/library.md)
 * should not pull them in for a string and a pattern.
 */

/** The DSL version a document declares (`"version": "3.0"`). */
export const DSL_VERSION = '3.0';

/** `^[A-Za-z][A-Za-z0-9_-]*$` (DSL.md §2). */
export const NODE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
