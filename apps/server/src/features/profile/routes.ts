import {
  becomeProviderResponseSchema,
  effectiveRole,
  isLanguage,
  isPhoneAccountEmail,
  meResponseSchema,
  permissionsFor,
  profileSchema,
  profileUpdateSchema,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasSessionCookie, loadRoleFacts, requireUser, roleOf } from '../../kernel/http/session.ts';
import { AppError, errorResponses, forbidden, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { findAvatar } from './avatar-store.ts';
import {
  AVATAR_MAX_BYTES,
  becomeProvider,
  findProfile,
  ownProfile,
  prepareAvatar,
  saveAvatar,
  sniffImage,
  toProfile,
  updateProfile,
} from './profile-service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The signed-in user, their profile and role (GET /api/me), own profile edits, avatars. */
export async function profileRoutes(app: App) {
  const { db } = app.deps.database;

  /** The answer of /api/me and /api/session for a signed-in caller. */
  const meOf = async (request: FastifyRequest) => {
    const { user } = await requireUser(request);
    const profile = await ownProfile(db, user);
    const role = effectiveRole(await loadRoleFacts(db, user.id));
    return {
      user: {
        id: user.id,
        email: isPhoneAccountEmail(user.email) ? null : user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        createdAt: new Date(user.createdAt).toISOString(),
      },
      profile: toProfile(profile),
      role,
      isAdmin: role === 'admin',
      permissions: permissionsFor(role),
      twoFactorEnabled: user.twoFactorEnabled === true,
      preferred_language: isLanguage(profile.preferred_language) ? profile.preferred_language : null,
      phone_number: user.phoneNumber ?? null,
      phone_verified: user.phoneNumberVerified === true,
    };
  };

  app.get(
    '/api/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, profile, effective role and permissions',
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    meOf,
  );

  // The app's first question on every page (issue 20): someone without a session cookie is an
  // answer (null), not an error, so a visitor's browser logs no failed request. A cookie whose
  // session is gone still answers 401 SESSION_EXPIRED, which the app turns into "sign in again".
  app.get(
    '/api/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user as /api/me gives it, or null without a session cookie',
        response: { 200: meResponseSchema.nullable(), ...errorResponses(401) },
      },
    },
    async (request) => (hasSessionCookie(request) ? meOf(request) : null),
  );

  app.get(
    '/api/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Your own profile',
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return toProfile(await ownProfile(db, user));
    },
  );

  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your own profile (never role, type, is_admin or id)',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const profile = await updateProfile(db, user, request.body);
      return toProfile(profile);
    },
  );

  app.get(
    '/api/profiles/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'A profile: your own, or any for an admin',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { id } = request.params;
      if (id === user.id) return toProfile(await ownProfile(db, user));
      if ((await roleOf(db, user.id)) !== 'admin') throw forbidden('You can only view your own profile.');
      const row = await findProfile(db, id);
      if (!row) throw notFound('No profile with this id.');
      return toProfile(row);
    },
  );

  app.post(
    '/api/profile/become-provider',
    {
      schema: {
        tags: ['account'],
        summary: 'Join as Provider: marks you a provider (role explorer, type provider)',
        response: { 200: becomeProviderResponseSchema, ...errorResponses(401) },
      },
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const profile = await becomeProvider(db, user);
      return { profile: toProfile(profile), role: await roleOf(db, user.id) };
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    scope.post(
      '/api/profile/avatar',
      {
        schema: {
          tags: ['account'],
          summary: 'Upload your picture (multipart field "file"; JPEG, PNG or WebP; at most 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: profileSchema, ...errorResponses(401, 413, 415) },
        },
        config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { user } = await requireUser(request);
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the picture as multipart/form-data in the field "file".',
          );
        }
        let file: Awaited<ReturnType<typeof request.file>>;
        let bytes: Buffer;
        try {
          file = await request.file();
          if (!file)
            throw new AppError(400, 'VALIDATION_ERROR', 'file: Choose a picture to upload', {
              fields: [{ field: 'file', message: 'Choose a picture to upload' }],
            });
          if (file.fieldname !== 'file') {
            throw new AppError(400, 'VALIDATION_ERROR', 'file: Send the picture in the field "file"', {
              fields: [{ field: 'file', message: 'Send the picture in the field "file"' }],
            });
          }
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
            throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The picture must be at most 2 MB.');
          }
          throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
        }
        const contentType = sniffImage(bytes);
        if (!contentType) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The picture must be a JPEG, PNG or WebP image.');
        }
        const avatar = await prepareAvatar(bytes);
        const profile = await saveAvatar(db, user, avatar.data, avatar.contentType);
        return toProfile(profile);
      },
    );
  });

  app.get(
    '/api/avatars/:userId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'A profile picture',
        params: z.object({ userId: z.string().min(1).max(100) }),
        querystring: z.object({ v: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(db, request.params.userId);
      if (!avatar) throw notFound('No picture for this user.');
      // A versioned URL (what avatar_url holds) never changes; the bare one may.
      const cache = request.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      return reply
        .header('content-type', avatar.content_type)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('last-modified', avatar.updated_at.toUTCString())
        .send(avatar.data);
    },
  );
}
