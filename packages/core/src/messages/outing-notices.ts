/**
 * What an overdue outing sets off (decision 030, decision 044): the marina's alert and the e-mail that clears
 * it, and the notice to the people on board. The server gives the values: what customers typed made fit to
 * travel (docs/product.md §7.6), times and dates written out in the marina's zone.
 */

export interface OverdueAlertValues {
  boat: string;
  registration: string;
  /** When it should have been back, written out. */
  expected: string;
  departure: string;
  destination: string;
  people: number;
  skipper: string;
  contactPhone: string;
  logger: string;
  loggerPhone: string | null;
  owner: string;
  ownerPhone: string | null;
}

const phone = (value: string | null) => value ?? 'sin teléfono';

export const outingNotices = {
  /** A boat whose name may not travel. */
  unnamedBoat: 'El barco',

  marinaAlert: (v: OverdueAlertValues) => ({
    subject: `Salida sin volver: ${v.boat} (${v.registration})`,
    text: [
      `El barco ${v.boat} (${v.registration}) debía volver el ${v.expected} y nadie ha marcado su vuelta.`,
      '',
      `Salida: ${v.departure}`,
      `Destino o zona: ${v.destination}`,
      `Personas a bordo: ${v.people}`,
      `Patrón: ${v.skipper}`,
      `Teléfono de contacto: ${v.contactPhone}`,
      `Registrada por: ${v.logger} (${phone(v.loggerPhone)})`,
      `Propietario: ${v.owner} (${phone(v.ownerPhone)})`,
      '',
      'La tienes en la lista de salidas del personal (GET /api/v1/staff/outings?state=overdue).',
    ].join('\n'),
  }),

  /** To the people on board: `back` is the time it should have been back. */
  overdue: ({ marina, boat, back }: { marina: string; boat: string; back: string }) => ({
    title: 'Salida sin volver',
    body: `${boat} debía volver a las ${back} y no consta su vuelta. Si ya estás en puerto, marca «He vuelto»; si necesitas ayuda, llama al puerto.`,
    sms: `${marina}: ${boat} debía volver a las ${back}. Si ya has vuelto, márcalo en la app (Salidas, «He vuelto»). Si necesitas ayuda, llama al puerto.`,
    emailFooter: 'Para marcar la vuelta, abre la app y entra en Salidas: «He vuelto».',
  }),

  /** `boat` is the name with its registration; `since`, the time it became overdue, when known. */
  cleared: (
    v: { who: string; boat: string; since: string | null } & (
      { returned: true; at: string } | { returned: false; until: string; overdueMinutes: number }
    ),
  ) => {
    const since = v.since ? ` Figuraba como salida sin volver desde las ${v.since}.` : '';
    return v.returned
      ? {
          subject: `Salida resuelta: ${v.boat} ha vuelto`,
          text: `${v.who} ha marcado en la aplicación, a las ${v.at}, que el barco ${v.boat} ha vuelto.${since}`,
        }
      : {
          subject: `Salida ampliada: ${v.boat}`,
          text:
            `${v.who} ha ampliado en la aplicación el regreso previsto del barco ${v.boat} hasta el ${v.until}.${since} ` +
            `Ya no figura como sin volver; si a esa hora no ha vuelto, recibirás otro aviso ${v.overdueMinutes} minutos después.`,
        };
  },
};
