-- The e-mails a member was sent belong to their data export (ADR 031): link the outbox rows
-- written without a profile (sign-up's confirmation, password resets, sign-in alerts sent
-- before or beside the profile's creation) to the profile whose address they went to. The
-- support inbox's copies of withdrawals are the desk's, not a member's: left unlinked.
-- New rows are linked when queued (mail.repository) and at profile creation
-- (create_profile_for_user in db/functions/accounts.sql).
UPDATE mail_outbox m SET profile_id = p.id
FROM profiles p JOIN users u ON u.id = p.auth_uid
WHERE m.profile_id IS NULL AND m.kind <> 'withdrawal-support' AND lower(m."to") = lower(u.email);
