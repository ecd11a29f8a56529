import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox of team roster changes: a trigger on `memberships` notes every team whose accepted members
 * changed (a membership created, accepted or not, moved, deleted — by any path, cascades included),
 * bumping its `version`; the scheduling subgraph is then told the team's members (hosts of
 * `assignAllTeamMembers` event types, managed copies), retried until it has the latest version.
 */
export class TeamRosterChanges1734800000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE team_roster_changes (
        team_id int PRIMARY KEY,
        version bigint NOT NULL DEFAULT 1,
        changed_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        last_error text
      );
      CREATE INDEX team_roster_changes_pending_idx ON team_roster_changes (next_attempt_at) WHERE completed_at IS NULL;

      CREATE FUNCTION note_team_roster_change(changed_team int) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
        -- The request that changed the roster dispatches at once; the poll takes the row over a minute later (a crash).
        INSERT INTO team_roster_changes (team_id, next_attempt_at) VALUES (changed_team, now() + interval '60 seconds')
        ON CONFLICT (team_id) DO UPDATE SET version = team_roster_changes.version + 1, changed_at = now(), completed_at = NULL,
          attempts = 0, last_error = NULL, next_attempt_at = now() + interval '60 seconds';
      $$;

      CREATE FUNCTION note_membership_roster_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM note_team_roster_change(NEW.team_id);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM note_team_roster_change(OLD.team_id);
        ELSIF NEW.accepted IS DISTINCT FROM OLD.accepted OR NEW.team_id <> OLD.team_id OR NEW.user_id <> OLD.user_id THEN
          PERFORM note_team_roster_change(NEW.team_id);
          IF NEW.team_id <> OLD.team_id THEN PERFORM note_team_roster_change(OLD.team_id); END IF;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memberships_note_roster_change AFTER INSERT OR UPDATE OR DELETE ON memberships
        FOR EACH ROW EXECUTE FUNCTION note_membership_roster_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER memberships_note_roster_change ON memberships;
      DROP FUNCTION note_membership_roster_change();
      DROP FUNCTION note_team_roster_change(int);
      DROP TABLE team_roster_changes;
    `);
  }
}
