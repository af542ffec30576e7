import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZNotification,
  ZNotificationListQuery,
  ZNotificationPage,
  ZNotificationParams,
  ZProblem,
  ZReadAllResponse,
  ZStreamTicket,
  ZUnreadCount,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { completeTask, countUnread, dismissNotification, issueStreamTicket, listInbox, readAllNotifications, readNotification } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['notifications'];

/**
 * The caller's own inbox (any authenticated user): list, unread count, read, read all, dismiss
 * and complete a task. Another user's item answers 404. The live stream is in stream-routes.ts.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: requirePermission('notifications.own'),
      schema: {
        tags,
        summary: "The caller's notifications and tasks, newest first, without dismissed ones; filters severity, kind, read and taskState; paged",
        security,
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationPage, 400: ZProblem, 401: ZProblem },
      },
    },
    async (request) => listInbox(app.db, request.user!, request.query, request.language),
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest: requirePermission('notifications.own'),
      schema: { tags, summary: "How many of the caller's items are unread (the bell)", security, response: { 200: ZUnreadCount, 401: ZProblem } },
    },
    async (request) => countUnread(app.db, request.user!),
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: requirePermission('notifications.own'),
      schema: { tags, summary: "Marks every unread item of the caller read", security, response: { 200: ZReadAllResponse, 401: ZProblem } },
    },
    async (request) => readAllNotifications(app.db, request.user!),
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: requirePermission('notifications.own'),
      schema: {
        tags,
        summary: 'Marks one of the caller’s items read (no change if it already was)',
        security,
        params: ZNotificationParams,
        response: { 200: ZNotification, 401: ZProblem, 404: ZProblem },
      },
    },
    async (request) => readNotification(app.db, request.user!, request.params.id, request.language),
  );

  app.post(
    '/notifications/:id/dismiss',
    {
      onRequest: requirePermission('notifications.own'),
      schema: {
        tags,
        summary: 'Dismisses one of the caller’s items: it leaves the list and counts as read',
        security,
        params: ZNotificationParams,
        response: { 200: ZNotification, 401: ZProblem, 404: ZProblem },
      },
    },
    async (request) => dismissNotification(app.db, request.user!, request.params.id, request.language),
  );

  app.post(
    '/notifications/:id/complete',
    {
      onRequest: requirePermission('notifications.own'),
      schema: {
        tags,
        summary: 'Marks one of the caller’s tasks done, recording the caller as who completed it (a task already closed stays as it was)',
        security,
        params: ZNotificationParams,
        response: { 200: ZNotification, 401: ZProblem, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => completeTask(app.db, request.user!, request.params.id, request.language),
  );

  app.post(
    '/notifications/stream-ticket',
    {
      onRequest: requirePermission('notifications.own'),
      schema: {
        tags,
        summary: 'A single-use ticket, valid for 60 s, that opens one notification stream (GET /api/notifications/stream?ticket=…) for this session',
        security,
        response: { 200: ZStreamTicket, 401: ZProblem },
      },
    },
    async (request) => issueStreamTicket(app.db, request.user!, request.tokenHash!),
  );
};
