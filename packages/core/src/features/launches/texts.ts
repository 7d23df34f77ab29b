import { zoneName } from '../../domain/format-dates.ts';
import { SLOT_MINUTES, type LaunchStatus } from '../../domain/launches.ts';

/** Who made a change of a launch's history: the reader, another person by name, the marina's staff, or the system. */
export type HistoryActor = { by: 'you' } | { by: 'person'; name: string } | { by: 'staff' } | { by: 'system' };

/** What a change to each state did, said by the reader («tú»), by someone else, and by no one (the system). */
const HISTORY_VERBS: Readonly<Record<LaunchStatus, { you: string; they: string; itself: string }>> = {
  pending: {
    you: 'la dejaste pendiente de confirmar',
    they: 'la dejó pendiente de confirmar',
    itself: 'quedó pendiente de confirmar',
  },
  confirmed: { you: 'la confirmaste', they: 'la confirmó', itself: 'quedó confirmada' },
  waitlisted: {
    you: 'la pusiste en lista de espera',
    they: 'la puso en lista de espera',
    itself: 'pasó a la lista de espera',
  },
  in_water: { you: 'bajaste el barco al agua', they: 'bajó el barco al agua', itself: 'el barco quedó en el agua' },
  ready_to_stow: {
    you: 'marcaste el barco como listo para subir',
    they: 'marcó el barco como listo para subir',
    itself: 'el barco quedó listo para subir',
  },
  completed: { you: 'subiste el barco al rack', they: 'subió el barco al rack', itself: 'el barco volvió al rack' },
  cancelled: { you: 'cancelaste la bajada', they: 'canceló la bajada', itself: 'se anuló la bajada' },
};

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * One change of a launch as a sentence: «Pediste la bajada», «El puerto la confirmó», «Cancelaste la bajada»,
 * «Marta Ruiz la movió de turno», «Quedó confirmada». `from` is null for the request itself; `from === to` is a
 * move of the slot.
 */
function historyLine(who: HistoryActor, from: LaunchStatus | null, to: LaunchStatus): string {
  const subject = who.by === 'person' ? who.name : who.by === 'staff' ? 'El puerto' : '';
  const said = (you: string, they: string, itself: string) =>
    who.by === 'you' ? sentence(you) : who.by === 'system' ? sentence(itself) : `${subject} ${they}`;
  if (from === null) {
    const asked = said('pediste la bajada', 'pidió la bajada', 'se pidió la bajada');
    return to === 'pending' ? asked : `${asked}; ${HISTORY_VERBS[to].itself}`;
  }
  if (from === to) return said('la moviste de turno', 'la movió de turno', 'se movió de turno');
  const verbs = HISTORY_VERBS[to];
  return said(verbs.you, verbs.they, verbs.itself);
}

export const launchTexts = {
  // pedidosbajadas
  title: 'Bajadas',
  loading: 'Cargando tus bajadas…',
  none: 'Aún no has pedido ninguna bajada.',
  askLaunch: 'Pedir una bajada',
  upcoming: 'Próximas',
  noneUpcoming: 'No tienes bajadas próximas.',
  past: 'Anteriores',
  morePast: 'Cargar más bajadas anteriores',
  state: 'Estado',
  slot: 'Turno',
  expectedReturn: 'Vuelta prevista',
  people: 'Personas a bordo',
  notes: 'Notas',
  waitlistPlace: (position: number) =>
    position === 1 ? 'Eres el siguiente en la lista de espera.' : `Puesto ${position} en la lista de espera.`,
  /** The place in the marina's queue to lift, with the Spanish ordinal (1.º, 2.º…). */
  haulOutPlace: (position: number) =>
    position === 1 ? 'Eres el siguiente para subir.' : `Eres el ${position}.º para subir.`,
  reason: (reason: string) => `Motivo: ${reason}`,
  seeDetail: 'Ver detalle',
  bookedBy: 'Pedida por',
  bookedByShort: (name: string) => `Pedida por ${name}`,
  /** «mañana · 10:00 · vuelta 13:00» */
  listWhen: (day: string, time: string, back: string) => `${day} · ${time} · vuelta ${back}`,
  bookedByHint: (name: string) =>
    `La pidió ${name}, a quien autorizaste. Como titular del barco, puedes cancelarla; moverla le corresponde a esa persona.`,
  move: 'Mover',
  cancel: 'Cancelar',
  readyToStow: 'Listo para subir',
  readyToStowHint: 'Cuando el barco esté de vuelta en el pantalán, avisa al puerto para que lo suba al rack.',
  calendar: 'Añadir al calendario',
  tooLate: (minutes: number) =>
    `Faltan menos de ${minutes} minutos para el turno: ya no se puede mover ni cancelar desde la aplicación. Llama al puerto:`,
  cancelQuestion: '¿Cancelar esta bajada?',
  cancelExplain: (slot: string) => `Se cancelará la bajada del ${slot}. Si quieres otra, tendrás que pedirla de nuevo.`,
  cancelOthersExplain: (slot: string, name: string) =>
    `Se cancelará la bajada que pidió ${name} para el ${slot}. Le avisaremos de que la has cancelado tú.`,
  cancelConfirm: 'Sí, cancelar la bajada',
  cancelKeep: 'No, mantenerla',
  cancelled: 'Bajada cancelada.',
  readyDone: 'Hemos avisado al puerto de que el barco está listo para subir.',
  booked: 'Bajada pedida. Te avisaremos de cualquier cambio.',
  bookedPending: 'Bajada pedida. El puerto la revisará y te avisará cuando la confirme.',
  waitlisted: (position: number) =>
    `Te has apuntado a la lista de espera (puesto ${position}). Te avisaremos si queda una plaza libre.`,
  moved: 'Bajada movida.',
  // Detail
  detailTitle: 'Bajada',
  history: 'Historial',
  historyLine,
  historyMoved: (slot: string) => `Turno: ${slot}`,
  notFoundTitle: 'Bajada no encontrada',
  notFound: 'No hemos encontrado esta bajada entre las tuyas. Puede que el enlace esté incompleto.',
  backToLaunches: 'Volver a Bajadas',
  // Booking
  bookTitle: 'Pedir una bajada',
  whichBoat: 'Barco',
  noBoatsTitle: 'Aún no tienes barcos en el puerto',
  noBoats: 'Aún no tienes ningún barco en el puerto. Solicita un contrato de estancia para traer el tuyo.',
  requestContract: 'Solicitar contrato',
  noEligibleBoat: 'Ninguno de tus barcos puede bajar al agua ahora. Arriba tienes lo que falta en cada uno.',
  hasOpenLaunch: 'Ya tiene una bajada pedida',
  hasOthersLaunch: (name: string, day: string) => `Ya tiene una bajada pedida por ${name} para el ${day}`,
  seeLaunches: 'Ver mis bajadas',
  boatBlocked: (name: string) => `${name}: no puede bajar al agua`,
  suspendedBecause: (reason: string) => `Motivo que da el titular: ${reason}`,
  day: 'Día',
  dayHint: (days: number) => `Desde hoy hasta dentro de ${days} días.`,
  slots: 'Hora de bajada',
  slotsHint: (timeZone: string) => `Turnos de ${SLOT_MINUTES} minutos, en ${zoneName(timeZone)}, la del puerto.`,
  slotsLoading: 'Cargando los turnos…',
  chooseBoatFirst: 'Elige primero el barco.',
  closedDay: 'El puerto no abre ese día. Elige otro.',
  current: 'Turno actual',
  returnTime: 'Vuelta prevista',
  returnHint: 'El mismo día, antes del cierre del puerto.',
  chooseSlotFirst: 'Elige antes la hora',
  peopleHint: 'Contándote a ti.',
  notesHint: 'Opcional: algo que el equipo deba saber (combustible, remolque…).',
  // The day strip and the time chips
  dayState: { free: 'Libre', few: 'Pocas', full: 'Lleno', closed: 'Cerrado', past: 'Sin turnos' },
  dayStateWords: {
    free: 'hay plazas',
    few: 'quedan pocas plazas',
    full: 'completo, con lista de espera',
    closed: 'cerrado',
    past: 'ya no quedan turnos',
  },
  dayName: (day: string, state: string) => `${day}: ${state}`,
  currentShort: 'Tu turno',
  daysLoading: 'Cargando los días…',
  noBookableDay: 'No queda ningún día con turnos en las próximas semanas. Llama al puerto si necesitas bajar.',
  /** «Cerrado el sábado 20 de junio: Regata», «Cerrado el sábado 20 de junio y el domingo 21 de junio: Regata». */
  closedOn: (days: readonly string[], reason: string) =>
    days.length <= 2
      ? `Cerrado el ${days.join(' y el ')}: ${reason}`
      : `Cerrado ${days.length} días, del ${days[0]} al ${days[days.length - 1]}: ${reason}`,
  chipFree: (free: number) => (free === 1 ? '1 libre' : `${free} libres`),
  chipFew: (free: number) => (free === 1 ? 'Queda 1' : `Quedan ${free}`),
  chipWaitlist: 'Lista de espera',
  chipFull: 'Completo',
  noSlotsLeft: 'Ya no quedan turnos este día. Elige otro.',
  someSlotsClosed: (reason: string) => `Algunos turnos están cerrados: ${reason}`,
  returnEarlier: 'Vuelta media hora antes',
  returnLater: 'Vuelta media hora más tarde',
  peopleFewer: 'Una persona menos',
  peopleMore: 'Una persona más',
  // The summary before sending
  review: 'Revisar la bajada',
  summaryTitle: 'Revisa tu bajada',
  confirm: 'Confirmar bajada',
  change: 'Cambiar algo',
  waitlistSummary:
    'Ese turno está completo: te apuntarás a su lista de espera. Si queda una plaza, la bajada pasará a confirmada por orden de llegada y te avisaremos.',
  noNotes: 'Sin notas',
  // After booking, on the launch
  share: 'Compartir',
  shareText: (boat: string, slot: string, marina: string) => `Bajada de ${boat}: ${slot} (${marina}).`,
  copied: 'Copiado. Pégalo donde quieras compartirlo.',
  // reprogramar-bajada
  moveTitle: 'Mover la bajada',
  currentSlot: (slot: string) => `Ahora: ${slot}.`,
  moveSend: 'Mover la bajada',
  cannotMove: 'Esta bajada ya no se puede mover desde la aplicación.',
  notYoursToMove: (name: string) =>
    `Esta bajada la pidió ${name}: solo esa persona puede moverla. Como titular del barco, puedes cancelarla desde Bajadas.`,
  // inicio
  dashboardTitle: 'Próxima bajada',
  noNext: 'No tienes ninguna bajada pedida.',
  cancelledByMarina: 'Cancelada por la marina',
  /** «La marina canceló la bajada de Gaviota del martes 16 de junio a las 10:00.» */
  cancelledWhat: (boat: string, when: string) => `La marina canceló la bajada de ${boat} del ${when}.`,
  cancelledWhy: (reason: string) => `Te dice: «${reason}»`,
  noBoatMayGo: 'Ahora mismo ninguno de tus barcos puede salir: en «Mis barcos» verás qué falta.',
  seeAll: 'Ver mis bajadas',
} as const;
