/**
 * The words of the body rules (yup) that check a field before anything else does (decision 044): what a form
 * shows under a field, and what the server answers for the same body. Keys are stable English names; an entry
 * that names a value is a function of typed parameters.
 *
 * Only the server's own rules are here so far: the shared rules in `domain/` still word their messages inline,
 * because ESLint keeps `domain/` from importing `messages/` (decision 044's fence).
 */
export const fieldRuleMessages = {
  // Accounts
  email_confirmation_link_missing: 'Falta el enlace para confirmar tu correo.',
} as const;
