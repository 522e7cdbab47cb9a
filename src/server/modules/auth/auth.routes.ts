import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginResponseSchema,
  meResponseSchema,
  messages,
  okResponseSchema,
  registerInputSchema,
  sendOtpInputSchema,
  sendOtpResponseSchema,
  verifyOtpInputSchema,
} from '#common/auth.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { limitHook } from '../../plugins/rate-limit.ts';
import { returnToAdmin, sendOtp, signInWithOtp, signOut, type SignInResult } from './sign-in.service.ts';

/** Code checks per client address per 15 minutes: a person mistyping has room, a guesser does not. */
export const VERIFY_OTP_PER_IP = 10;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // One budget for both routes that check a code; counted before the body is read.
  const verifyLimit = limitHook(app, [
    { name: 'verify-otp:ip', max: VERIFY_OTP_PER_IP, windowMs: 15 * 60_000, key: (req) => req.ip, message: messages.tooManyRequests },
  ]);
  const answer = (result: SignInResult) => ({ status: 'success' as const, authToken: result.token, user: result.user, firstSignIn: result.firstSignIn ?? false });

  app.post(
    '/api/send-otp',
    {
      config: { access: 'public' },
      schema: { body: sendOtpInputSchema, response: { 200: sendOtpResponseSchema } },
    },
    async (req) => {
      await sendOtp(ctx, { phone: req.body.phone, ip: req.ip ?? null });
      // The same answer for every phone, eligible or not.
      return { status: 'success' as const, message: messages.codeSent };
    },
  );

  app.post(
    '/api/verify-otp',
    {
      config: { access: 'public' },
      onRequest: verifyLimit,
      schema: { body: verifyOtpInputSchema, response: { 200: loginResponseSchema } },
    },
    async (req, reply) => {
      const result = await signInWithOtp(ctx, {
        ...req.body,
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      // Sign-in may promote (ADMIN_PHONES) or name the user: their other sessions' cached rows go.
      await ctx.live.sessionsChanged(result.user.id);
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      return answer(result);
    },
  );

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      onRequest: verifyLimit,
      schema: { body: registerInputSchema, response: { 200: loginResponseSchema } },
    },
    async (req, reply) => {
      const { phone, otp, code, name, email, profileData } = req.body;
      const result = await signInWithOtp(ctx, {
        phone,
        otp: (otp ?? code)!,
        profileData: { name: name ?? profileData?.name, email: email ?? profileData?.email },
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      await ctx.live.sessionsChanged(result.user.id);
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      return answer(result);
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'user' }, schema: { response: { 200: meResponseSchema } } },
    async (req) => {
      const user = requireUser(req);
      return {
        id: user.id,
        name: user.name,
        phone: user.phone,
        isImpersonated: user.impersonatorId !== null,
        isAuthenticated: true as const,
        isAdmin: user.isAdmin,
        isManager: user.isManager,
      };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { response: { 200: okResponseSchema } } },
    async (req, reply) => {
      // Public, so a client with a stale session can always clear its cookie.
      if (req.user) {
        await signOut(ctx, req.user, req.ip ?? null);
        await ctx.live.disconnect(req.user.id, req.user.sessionId);
      }
      clearSessionCookie(reply, ctx.config);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/api/auth/return-to-admin',
    { config: { access: 'user' }, schema: { response: { 200: loginResponseSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const result = await returnToAdmin(ctx, user, { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });
      await ctx.live.disconnect(user.id, user.sessionId);
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      return answer(result);
    },
  );
};
