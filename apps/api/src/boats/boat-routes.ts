/**
 * The signed-in customer's boats (`misbarcos`, docs/product.md §4.5): list, read, change their own data or
 * renew the insurance, and the insurance certificate. Only the account's own boats at this marina exist
 * here: any other id answers 404, never 403, so nobody learns what another customer has.
 */
import {
  boatPatchSchema,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  certificateProblem,
  insuranceSchema,
  sniffCertificateType,
  type Boat,
  type BoatLimits,
  type BoatList,
} from '@marina/core/domain/boats.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import { DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { boats, insuranceCertificates } from './boats.schema.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { audit } from '../http/audit.ts';
import { errorHandler } from '../http/error-handler.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { idParams, isUuid } from '../http/ids.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { listOf } from './boat-schemas.ts';
import { authorisedBoats, findBoat, loadBoats, toBoat } from './boat-views.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

/** `PATCH /boats/{id}`: any of the boat's own fields, and optionally a renewed policy under `insurance`. */
export function boatUpdateSchema(limits: BoatLimits, today: string) {
  return boatPatchSchema(limits).shape({ insurance: insuranceSchema(today).default(undefined).optional() });
}

/** 409 for a registration another boat of the marina already has, on the field that holds it. */
export function registrationTaken(field: string) {
  return problem('registration_taken', 409, errorMessages.registration_taken, [
    {
      field,
      code: 'registration_taken',
      message: fieldMessages.registration_taken,
    },
  ]);
}

/** Runs `write`, turning a registration already at the marina into 409 `registration_taken`. */
export async function uniqueRegistration<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'boats_client_registration_key') throw registrationTaken(field);
    throw error;
  }
}

const EXTENSIONS = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/** The certificate's bytes for whoever may read them (the owner, or staff of that marina); 404 otherwise. */
export async function sendCertificate(
  db: Executor,
  reply: FastifyReply,
  clientId: number,
  boatId: string,
  ownerId?: string,
) {
  const { row } = await findBoat(db, clientId, boatId, ownerId);
  const [certificate] = await db
    .select()
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.boatId, row.id))
    .limit(1);
  if (!certificate) throw problem('not_found', 404, problemDetails.no_certificate);
  return (
    reply
      .type(certificate.contentType)
      // Downloaded, never shown inline under the API's origin, never cached: it is someone's policy.
      .header('content-disposition', `attachment; filename="certificado-seguro.${EXTENSIONS[certificate.contentType]}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(certificate.content)
  );
}

export const certificateDownloadSchema = {
  200: {
    description: 'The certificate, as an attachment',
    content: Object.fromEntries(
      Object.keys(EXTENSIONS).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  },
  ...problemResponses(400, 401, 403, 404),
};

/**
 * A boat as a person authorised on it reads it: without the owner's contract and insurance (decision 026).
 * Its verdict, computed from both, says what the person may do and why not; the card still reads their end
 * dates for its valid-until.
 */
function asSeenByAuthorised(boat: Boat): Boat {
  return { ...boat, insurance: null, contract: null };
}

export const boatRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;
  const documentedUpdate = bodyFrom(boatUpdateSchema(DEFAULT_CLIENT_SETTINGS, '2000-01-01'));

  async function ownBoat(request: FastifyRequest<{ Params: { id: string } }>): Promise<Boat> {
    const session = requireSession(request);
    const client = requireClient(request);
    const found = await findBoat(db, client.id, request.params.id, session.accountId);
    return toBoat(found.row, found.parts, client, clock());
  }

  /** One of the customer's boats, or one they are authorised on (read only: every change stays the owner's). */
  async function usableBoat(request: FastifyRequest<{ Params: { id: string } }>): Promise<Boat> {
    const session = requireSession(request);
    const client = requireClient(request);
    const now = clock();
    try {
      return await ownBoat(request);
    } catch (error) {
      const [authorised] = isUuid(request.params.id)
        ? await authorisedBoats(db, client, session.accountId, now, new Set(), request.params.id)
        : [];
      if (!authorised) throw error;
      return asSeenByAuthorised(authorised);
    }
  }

  api.get(
    '/boats',
    {
      schema: {
        operationId: 'listBoats',
        summary:
          "The customer's boats (`role: owner`), then the boats others authorised them on (`role: authorised`), each with whether it may be used today",
        description:
          'A person whose account an active or suspended authorisation at this marina is attached to (decision 038: their document and a ' +
          'proven phone or e-mail the owner typed, never the document alone) sees the boats it covers, with ' +
          'the authorisation and their own verdict (docs/product.md §4.8, §4.13: suspended, outside the period, licence expired, the ' +
          "owner's standing, the boat's contract and insurance).",
        tags: ['boats'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: listOf('boats', 'Boat#', "The account's boats at this marina by name, then those it is authorised on"),
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<BoatList> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const found = await loadBoats(db, client.id, eq(boats.accountId, session.accountId));
      const own = found.map(({ row, parts }) => toBoat(row, parts, client, now));
      const authorised = await authorisedBoats(db, client, session.accountId, now, new Set(own.map((boat) => boat.id)));
      return { boats: [...own, ...authorised.map(asSeenByAuthorised)] };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/boats/:id',
    {
      schema: {
        operationId: 'getBoat',
        summary: 'One of the customer’s boats, or one they are authorised on (`role: authorised`, read only)',
        tags: ['boats'],
        headers: clientHeaderSchema,
        params: idParams,
        security: [{ session: [] }],
        response: { 200: { description: 'The boat', $ref: 'Boat#' }, ...problemResponses(400, 401, 404) },
      },
    },
    usableBoat,
  );

  api.patch<{ Params: { id: string } }>(
    '/boats/:id',
    {
      schema: {
        operationId: 'updateBoat',
        summary: "Change the boat's own data, and/or renew its insurance (`insurance`: the policy in force)",
        description:
          'Body: any of name, registration, make, model, lengthM, beamM (at most the marina’s maxLengthM / maxBeamM), engine; ' +
          'and optionally `insurance: {insurer, policyNumber, expiresOn}` (not yet expired), which replaces the policy on file. ' +
          'The certificate is uploaded separately (PUT …/insurance-certificate) and stays until then.',
        tags: ['boats'],
        headers: clientHeaderSchema,
        params: idParams,
        security: [{ session: [] }],
        body: documentedUpdate,
        response: {
          200: { description: 'The boat as it is now', $ref: 'Boat#' },
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const input = await validateBody(boatUpdateSchema(client.settings, todayIn(client.timeZone, now)), request.body);
      const { insurance, ...fields } = input;
      const found = await findBoat(db, client.id, request.params.id, session.accountId);
      const changes = {
        // boatPatchSchema fills in no defaults, so what the body does not name stays as it is.
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(insurance
          ? {
              insurer: insurance.insurer,
              policyNumber: insurance.policyNumber,
              insuranceExpiresOn: insurance.expiresOn,
            }
          : {}),
      };
      if (Object.keys(changes).length > 0) {
        await uniqueRegistration('registration', () =>
          db
            .update(boats)
            .set({ ...changes, updatedAt: now })
            .where(and(eq(boats.id, found.row.id), eq(boats.accountId, session.accountId))),
        );
      }
      audit(request, 'boat_updated', { outcome: 'success', accountId: session.accountId });
      return ownBoat(request);
    },
  );

  // The certificate upload takes the file's bytes as the body, whatever type is claimed: only its content
  // decides (`sniffCertificateType`). Its own scope, so no other route parses raw bodies.
  await api.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CERTIFICATE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    upload.put<{ Params: { id: string }; Body: Buffer | undefined }>(
      '/boats/:id/insurance-certificate',
      {
        bodyLimit: CERTIFICATE_MAX_BYTES,
        config: { rawBody: true },
        // Over 5 MB is refused before the body is read, with the certificate's own code and message.
        errorHandler: (error: FastifyError, request, reply) =>
          errorHandler(
            error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413
              ? problem('certificate_too_large', 413, CERTIFICATE_MESSAGES.size, [
                  { field: 'certificate', code: 'certificate_too_large', message: CERTIFICATE_MESSAGES.size },
                ])
              : error,
            request,
            reply,
          ),
        schema: {
          operationId: 'uploadInsuranceCertificate',
          summary: "Upload the insurance certificate (the file's bytes as the body): PDF, JPEG or PNG, at most 5 MB",
          description:
            'The body is the file itself (any Content-Type; application/pdf, image/jpeg or image/png as the browser names it). ' +
            'Its type is read from its first bytes: anything else is 415 certificate_type_not_allowed; over 5 MB, 413 ' +
            'certificate_too_large; empty, 400. A refused upload stores nothing; an accepted one replaces the previous certificate.',
          tags: ['boats'],
          headers: clientHeaderSchema,
          params: idParams,
          security: [{ session: [] }],
          response: {
            200: { description: 'Stored; the boat as it is now', $ref: 'Boat#' },
            ...problemResponses(400, 401, 403, 404, 413, 415),
          },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const client = requireClient(request);
        const now = clock();
        const found = await findBoat(db, client.id, request.params.id, session.accountId);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const refused = certificateProblem(bytes.subarray(0, 16), bytes.length);
        const contentType = sniffCertificateType(bytes.subarray(0, 16));
        if (refused !== undefined || contentType === undefined) {
          audit(request, 'certificate_upload', {
            outcome: 'failure',
            accountId: session.accountId,
            reason: refused ?? 'type',
          });
          const [code, status] =
            refused === 'size'
              ? (['certificate_too_large', 413] as const)
              : refused === 'empty'
                ? (['validation_failed', 400] as const)
                : (['certificate_type_not_allowed', 415] as const);
          const message = CERTIFICATE_MESSAGES[refused ?? 'type'];
          throw problem(code, status, message, [{ field: 'certificate', code, message }]);
        }
        const certificate = {
          contentType,
          size: bytes.length,
          content: bytes,
          uploadedAt: now,
          uploadedBy: session.accountId,
        };
        await db
          .insert(insuranceCertificates)
          .values({ boatId: found.row.id, clientId: client.id, ...certificate })
          .onConflictDoUpdate({ target: insuranceCertificates.boatId, set: certificate });
        audit(request, 'certificate_upload', { outcome: 'success', accountId: session.accountId });
        return ownBoat(request);
      },
    );
  });

  api.get<{ Params: { id: string } }>(
    '/boats/:id/insurance-certificate',
    {
      schema: {
        operationId: 'downloadInsuranceCertificate',
        summary: "Download the boat's insurance certificate: its owner, or the marina's staff",
        tags: ['boats'],
        headers: clientHeaderSchema,
        params: idParams,
        security: [{ session: [] }],
        response: certificateDownloadSchema,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      // Staff of this marina read any of its boats' certificates; a customer only their own.
      const ownerId = session.account.role === 'staff' ? undefined : session.accountId;
      return sendCertificate(db, reply, requireClient(request).id, request.params.id, ownerId);
    },
  );
};
