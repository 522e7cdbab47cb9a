import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginResponseSchema,
  meResponseSchema,
  messages,
  okResponseSchema,
  OTP_DEVICE_COOKIE,
  OTP_DEVICE_MAX_AGE_SECONDS,
  registerInputSchema,
  sendOtpInputSchema,
  sendOtpResponseSchema,
  verifyOtpInputSchema,
} from '#common/auth.ts';
import { clearSessionCookie, sessionCookieOptions, setSessionCookie, signedInActor } from '#server/plugins/auth.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { currentUser } from './me.service.ts';
import { returnToAdmin, sendOtp, signInWithOtp, signOut, type SignInResult } from './sign-in.service.ts';

/** Code checks per client address per 15 minutes: a person mistyping has room, a guesser does not. */
export const VERIFY_OTP_PER_IP = 10;

/** The device cookie a request carries (decision 129); checked against a phone by the service. */
const deviceCookie = (req: FastifyRequest): string | undefined => req.cookies?.[OTP_DEVICE_COOKIE] || undefined;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // One budget for both routes that check a code; counted before the body is read.
  const verifyLimit = limitHook(app, [
    { name: 'verify-otp:ip', max: VERIFY_OTP_PER_IP, windowMs: 15 * 60_000, key: byClientIp, message: messages.tooManyRequests },
  ]);
  // Long-lived and httpOnly, sent only to the API; kept at logout (it is about the device, not the session).
  const setDeviceCookie = (reply: FastifyReply, result: SignInResult) => {
    if (result.deviceCookie)
      reply.setCookie(OTP_DEVICE_COOKIE, result.deviceCookie, { ...sessionCookieOptions(ctx.config, OTP_DEVICE_MAX_AGE_SECONDS), path: '/api/' });
  };
  const answer = (result: SignInResult) => ({
    status: 'success' as const,
    authToken: result.token,
    user: result.user,
    firstSignIn: result.firstSignIn ?? false,
  });

  app.post(
    '/api/send-otp',
    {
      // Codes per phone and IP are limited (429); a number that texted STOP is told how to opt back in (409).
      config: { access: 'public', openapi: { errors: [409, 429] } },
      schema: { description: 'Send a sign-in code by SMS.', body: sendOtpInputSchema, response: { 200: sendOtpResponseSchema } },
    },
    async (req) => {
      await sendOtp(ctx, req.actor, { phone: req.body.phone, deviceCookie: deviceCookie(req) });
      // The same answer for every phone, eligible or not.
      return { status: 'success' as const, message: messages.codeSent };
    },
  );

  app.post(
    '/api/verify-otp',
    {
      config: { access: 'public' },
      onRequest: verifyLimit,
      schema: { description: 'Sign in with a code.', body: verifyOtpInputSchema, response: { 200: loginResponseSchema } },
    },
    async (req, reply) => {
      const result = await signInWithOtp(ctx, req.actor, { ...req.body, deviceCookie: deviceCookie(req) });
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      setDeviceCookie(reply, result);
      return answer(result);
    },
  );

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      onRequest: verifyLimit,
      schema: {
        description: 'Sign in with a code, creating the profile on first sign-in.',
        body: registerInputSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req, reply) => {
      const { phone, otp, code, name, email, profileData } = req.body;
      const result = await signInWithOtp(ctx, req.actor, {
        phone,
        otp: (otp ?? code)!,
        profileData: { name: name ?? profileData?.name, email: email ?? profileData?.email },
        deviceCookie: deviceCookie(req),
      });
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      setDeviceCookie(reply, result);
      return answer(result);
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: {
        description: 'The signed-in user, any Terms of Use version they must accept, and the feature switches.',
        response: { 200: meResponseSchema },
      },
    },
    async (req) => currentUser(ctx, signedInActor(req)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', impersonation: { support: 'ends the impersonation' } },
      schema: { description: 'Sign out.', response: { 200: okResponseSchema } },
    },
    async (req, reply) => {
      // Public, so a client with a stale session can always clear its cookie.
      await signOut(ctx, req.actor);
      clearSessionCookie(reply, ctx.config);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/api/auth/return-to-admin',
    {
      config: { access: 'user', impersonation: { support: 'ends the impersonation' } },
      schema: { description: "End impersonation and return to the admin's session.", response: { 200: loginResponseSchema } },
    },
    async (req, reply) => {
      const result = await returnToAdmin(ctx, signedInActor(req));
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt, ctx.clock.now());
      return answer(result);
    },
  );
};
