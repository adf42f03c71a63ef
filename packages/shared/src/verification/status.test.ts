import { describe, expect, it } from 'vitest';
import {
  displayedVerificationStatus,
  documentStatusFromUpload,
  isAwaitingReview,
  isDecided,
  pickSession,
  sessionRank,
  verificationEditBlock,
} from './status.ts';

describe('spec 4: session ranking', () => {
  it('ranks admin_approved 1, admin_rejected 2, pending_admin_approval and documents_submitted 3, in_review 4, pending 5, unknown 6', () => {
    expect(sessionRank('admin_approved')).toBe(1);
    expect(sessionRank('admin_rejected')).toBe(2);
    expect(sessionRank('pending_admin_approval')).toBe(3);
    expect(sessionRank('documents_submitted')).toBe(3);
    expect(sessionRank('in_review')).toBe(4);
    expect(sessionRank('pending')).toBe(5);
    expect(sessionRank('something_else')).toBe(6);
    expect(sessionRank(null)).toBe(6);
  });

  it('picks the best-ranked session whatever the order', () => {
    const sessions = [
      { id: 'a', status: 'pending', updated_at: '2026-01-05T00:00:00Z' },
      { id: 'b', status: 'admin_rejected', updated_at: '2026-01-01T00:00:00Z' },
      { id: 'c', status: 'in_review', updated_at: '2026-01-09T00:00:00Z' },
    ];
    expect(pickSession(sessions)?.id).toBe('b');
    expect(pickSession([...sessions].reverse())?.id).toBe('b');
    expect(
      pickSession([...sessions, { id: 'd', status: 'admin_approved', updated_at: '2020-01-01T00:00:00Z' }])
        ?.id,
    ).toBe('d');
  });

  it('breaks ties by the latest update (dates or strings)', () => {
    expect(
      pickSession([
        { id: 'old', status: 'documents_submitted', updated_at: new Date('2026-01-01') },
        { id: 'new', status: 'pending_admin_approval', updated_at: new Date('2026-02-01') },
      ])?.id,
    ).toBe('new');
    expect(
      pickSession([
        { id: 'new', status: 'x', updated_at: '2026-03-01T00:00:00Z' },
        { id: 'old', status: 'y', updated_at: '2026-01-01T00:00:00Z' },
      ])?.id,
    ).toBe('new');
  });

  it('has no session to pick from an empty list', () => {
    expect(pickSession([])).toBeNull();
  });
});

describe('spec 4: displayed status', () => {
  it('maps documents_submitted and pending_admin_approval to in_review', () => {
    expect(displayedVerificationStatus('documents_submitted', [])).toBe('in_review');
    expect(displayedVerificationStatus('pending_admin_approval', [])).toBe('in_review');
    expect(displayedVerificationStatus('in_review', [])).toBe('in_review');
  });

  it('keeps pending, admin_approved and admin_rejected, and maps an unknown status to pending', () => {
    expect(displayedVerificationStatus('pending', ['processing'])).toBe('pending');
    expect(displayedVerificationStatus('admin_approved', [])).toBe('admin_approved');
    expect(displayedVerificationStatus('admin_rejected', [])).toBe('admin_rejected');
    expect(displayedVerificationStatus('weird', ['verified'])).toBe('pending');
  });

  it('without a session: in_review if all documents are processing, verified or rejected, else pending', () => {
    expect(displayedVerificationStatus(null, ['processing', 'verified', 'rejected'])).toBe('in_review');
    expect(displayedVerificationStatus(undefined, ['processing', 'uploaded'])).toBe('pending');
    expect(displayedVerificationStatus(null, [])).toBe('pending');
  });
});

describe('spec 4: document status from upload_status', () => {
  it.each([
    ['uploaded', 'uploaded'],
    ['verified', 'approved'],
    ['rejected', 'rejected'],
    ['processing', 'submitted'],
    ['pending', 'uploading'],
    [null, 'uploading'],
    ['', 'uploading'],
  ])('%s → %s', (upload, status) => {
    expect(documentStatusFromUpload(upload)).toBe(status);
  });
});

describe('review queue states', () => {
  it('awaits review until an admin decides; decided sessions are final', () => {
    for (const s of ['pending', 'documents_submitted', 'pending_admin_approval', 'in_review']) {
      expect(isAwaitingReview(s)).toBe(true);
      expect(isDecided(s)).toBe(false);
    }
    for (const s of ['admin_approved', 'admin_rejected']) {
      expect(isAwaitingReview(s)).toBe(false);
      expect(isDecided(s)).toBe(true);
    }
  });
});

describe('when documents may change', () => {
  it('always without a session, after a rejection, and for a pending session never submitted', () => {
    expect(verificationEditBlock(null)).toBeNull();
    expect(verificationEditBlock(undefined)).toBeNull();
    expect(
      verificationEditBlock({ status: 'admin_rejected', submitted_at: '2026-01-01T00:00:00Z' }),
    ).toBeNull();
    expect(verificationEditBlock({ status: 'pending', submitted_at: null })).toBeNull();
    expect(verificationEditBlock({ status: 'something_else', submitted_at: null })).toBeNull();
  });

  it('never while an admin is to decide, nor once approved', () => {
    for (const status of ['in_review', 'documents_submitted', 'pending_admin_approval']) {
      expect(verificationEditBlock({ status, submitted_at: null })).toBe('underReview');
    }
    expect(verificationEditBlock({ status: 'pending', submitted_at: new Date() })).toBe('underReview');
    expect(verificationEditBlock({ status: 'admin_approved', submitted_at: null })).toBe('alreadyVerified');
  });
});
