import { formatMoney } from '@adwuma/shared';
import type { Notice } from '../notifications/index.ts';

/**
 * The wording of every notice jobs and bids send (in-app, and by mail where `mail` is set). People
 * who were not chosen are told politely, with somewhere useful to go next.
 */

interface JobRef {
  id: string;
  title: string;
}

const price = (minor: number) => formatMoney(minor, 'GHS');
const taskLink = (job: JobRef) => `/task/${job.id}`;

export const jobNotices = {
  newBid: (customerId: string, job: JobRef, providerName: string, minor: number): Notice => ({
    userId: customerId,
    kind: 'bid',
    title: `New bid on "${job.title}"`,
    body: `${providerName} offered to do it for ${price(minor)}. Compare the bids and hire when you are ready.`,
    link: taskLink(job),
    mail: true,
  }),

  bidChanged: (customerId: string, job: JobRef, providerName: string, minor: number): Notice => ({
    userId: customerId,
    kind: 'bid',
    title: `A bid on "${job.title}" changed`,
    body: `${providerName} updated their bid: ${price(minor)}.`,
    link: taskLink(job),
  }),

  bidWithdrawn: (customerId: string, job: JobRef, providerName: string): Notice => ({
    userId: customerId,
    kind: 'bid',
    title: `A bid on "${job.title}" was withdrawn`,
    body: `${providerName} withdrew their bid.`,
    link: taskLink(job),
  }),

  hired: (providerId: string, job: JobRef, customerName: string, minor: number): Notice => ({
    userId: providerId,
    kind: 'booking',
    title: `You're hired: "${job.title}"`,
    body: `${customerName} accepted your bid of ${price(minor)}. The booking is made; agree the details with them and turn up on time.`,
    link: taskLink(job),
    mail: true,
    sms: true,
  }),

  hireConfirmed: (customerId: string, job: JobRef, providerName: string, minor: number): Notice => ({
    userId: customerId,
    kind: 'booking',
    title: `You hired ${providerName}`,
    body: `Your booking for "${job.title}" with ${providerName} at ${price(minor)} is confirmed. The other providers have been told.`,
    link: taskLink(job),
    mail: true,
    sms: true,
  }),

  notSelected: (providerId: string, job: JobRef): Notice => ({
    userId: providerId,
    kind: 'bid',
    title: `"${job.title}" went to another provider`,
    body: 'Thank you for your bid. The customer chose another provider this time; there are more jobs waiting for you on the board.',
    link: '/jobs',
    mail: true,
  }),

  jobCancelled: (providerId: string, job: JobRef): Notice => ({
    userId: providerId,
    kind: 'job',
    title: `"${job.title}" was cancelled`,
    body: 'The customer cancelled this job, so your bid is closed. Thank you for bidding; there are more jobs waiting for you on the board.',
    link: '/jobs',
    mail: true,
  }),

  /** In-app only: a new job in the provider's categories and area (job-alerts.ts). */
  newJobNearby: (providerId: string, job: JobRef, categoryName: string, where: string): Notice => ({
    userId: providerId,
    kind: 'job',
    title: `New job near you: "${job.title}"`,
    body: `A customer needs help with ${categoryName.toLowerCase()}, ${where}. Have a look and bid while it is fresh.`,
    link: taskLink(job),
  }),

  jobChanged: (providerId: string, job: JobRef): Notice => ({
    userId: providerId,
    kind: 'job',
    title: `"${job.title}" was updated`,
    body: 'The customer changed the details of a job you bid on. Check that your bid still fits.',
    link: taskLink(job),
  }),

  jobExpired: (customerId: string, job: JobRef): Notice => ({
    userId: customerId,
    kind: 'job',
    title: `"${job.title}" has expired`,
    body: 'Your job was open for 30 days without a hire and is now closed. Post it again if you still need help.',
    link: taskLink(job),
    mail: true,
  }),

  bidExpired: (providerId: string, job: JobRef): Notice => ({
    userId: providerId,
    kind: 'bid',
    title: `"${job.title}" has expired`,
    body: 'The job closed without a hire, so your bid is closed too. There are more jobs waiting for you on the board.',
    link: '/jobs',
  }),
};
