/**
 * What a rule may add to its yup schema for the API's documentation: the server derives each request
 * body's JSON schema (and so its OpenAPI description) from the yup schema that validates it. Most of a
 * rule is derived from the rule itself (required, lengths, formats, patterns, allowed values); this says
 * what cannot be: what a custom test checks, how a value is normalised before it is checked.
 */
declare module 'yup' {
  interface CustomSchemaMetadata {
    /** English, for the API's readers (the Spanish messages are for people). */
    description?: string;
    /** JSON Schema keywords merged over the derived ones, for what yup cannot say (a date-only format). */
    jsonSchema?: Record<string, unknown>;
  }
}

export {};
