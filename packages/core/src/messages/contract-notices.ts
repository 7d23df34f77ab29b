import type { ContractPlan } from '../domain/boats.ts';

/**
 * What a customer is told when staff decide on their contract (decision 044): the notification's title and
 * body, the SMS, and the e-mail's footer. The server gives the values: the boat's name already made fit to
 * travel (docs/product.md §7.6), the dates already written out, staff's reason as written.
 */

/** The plan as it reads after "tu contrato". */
const PLAN_WORDS: Record<ContractPlan, string> = { annual: 'anual', seasonal: 'de temporada', monthly: 'mensual' };

export const contractNotices = {
  /** A boat whose name may not travel. */
  unnamedBoat: 'tu barco',
  approved: ({
    marina,
    boat,
    plan,
    from,
    to,
  }: {
    marina: string;
    boat: string;
    plan: ContractPlan;
    from: string;
    to: string;
  }) => {
    const period = `del ${from} al ${to}`;
    return {
      title: 'Contrato aprobado',
      body: `Tu contrato ${PLAN_WORDS[plan]} para ${boat} está aprobado: ${period}.`,
      sms: `${marina}: tu contrato ${PLAN_WORDS[plan]} para ${boat} está aprobado, ${period}.`,
    };
  },
  rejected: ({ marina, boat, reason }: { marina: string; boat: string; reason: string }) => ({
    title: 'Contrato no aprobado',
    body: `${marina} no ha aprobado el contrato para ${boat}. Motivo: ${reason}`,
    sms: `${marina}: no hemos aprobado el contrato para ${boat}. Motivo: ${reason}`,
  }),
  emailFooter: 'Lo tienes en la app, en Mis barcos.',
};
