package io.dpone.testkit.arbitrary;

import static io.dpone.clickhouse.cluster.contract.generation.GenerationViolation.*;

import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import java.util.EnumSet;
import java.util.Set;

/**
 * One defect built into an otherwise valid staged replica set by {@link GenerationArbitraries},
 * with the exact violations it causes after staging (its label). Defects marked as needing a
 * target are applied only to existing-target sets, {@link #TARGET_PRESENT_ON_ONE} only to
 * absent-target sets.
 */
public enum GenerationDefect {
    /** One replica's target differs in exactly one identity field (engine stays in the family). */
    TARGET_FIELD_DRIFT(true, TARGET_IDENTITY_DIVERGES),
    /** One replica cannot prove the target's identity (its replica name is kept). */
    TARGET_INDETERMINATE(true, TARGET_IDENTITY_UNKNOWN),
    /** One replica lacks the target (and so its replica name). */
    TARGET_ABSENT_ON_ONE(true, TARGET_PRESENCE_MIXED, TARGET_REPLICA_NAME_MISSING),
    /** An absent target exists on one replica (the others report no replica name). */
    TARGET_PRESENT_ON_ONE(false, TARGET_PRESENCE_MIXED, TARGET_REPLICA_NAME_MISSING),
    /** Every replica's target engine is outside the Replicated*MergeTree family. */
    TARGET_ENGINE_OUTSIDE_FAMILY(true, GenerationViolation.TARGET_ENGINE_OUTSIDE_FAMILY),
    /** One replica reports another replica's name for the target. */
    TARGET_NAME_DUPLICATED(true, TARGET_REPLICA_NAMES_DUPLICATED),
    /** One replica reports no (or an empty) replica name for the target. */
    TARGET_NAME_MISSING(true, TARGET_REPLICA_NAME_MISSING),
    CANDIDATE_FIELD_DRIFT(null, CANDIDATE_IDENTITY_DIVERGES),
    CANDIDATE_INDETERMINATE(null, CANDIDATE_IDENTITY_UNKNOWN),
    CANDIDATE_ABSENT_ON_ONE(null, CANDIDATE_PRESENCE_MIXED, CANDIDATE_REPLICA_NAME_MISSING),
    CANDIDATE_ABSENT_EVERYWHERE(null, CANDIDATE_ABSENT),
    /** The candidate has the target's UUID on every replica. */
    CANDIDATE_SHARES_UUID(true, CANDIDATE_SHARES_TARGET_UUID),
    /** The candidate has the target's Keeper name and path on every replica. */
    CANDIDATE_SHARES_PATH(true, CANDIDATE_SHARES_TARGET_PATH),
    CANDIDATE_ENGINE_OUTSIDE_FAMILY(null, GenerationViolation.CANDIDATE_ENGINE_OUTSIDE_FAMILY),
    CANDIDATE_NAME_DUPLICATED(null, CANDIDATE_REPLICA_NAMES_DUPLICATED),
    CANDIDATE_NAME_MISSING(null, CANDIDATE_REPLICA_NAME_MISSING),
    /** One expected member has no facts. */
    MEMBER_MISSING(null, REPLICA_SET_INEXACT),
    /** One member's facts appear twice. */
    MEMBER_DUPLICATED(null, REPLICA_SET_INEXACT),
    /** Facts from a member outside the inventory. */
    MEMBER_UNEXPECTED(null, REPLICA_SET_INEXACT);

    private final Boolean needsTarget;
    private final Set<GenerationViolation> violations;

    GenerationDefect(Boolean needsTarget, GenerationViolation first, GenerationViolation... rest) {
        this.needsTarget = needsTarget;
        this.violations = Set.copyOf(EnumSet.of(first, rest));
    }

    /** True: only with an existing target; false: only with an absent one; null: either. */
    Boolean needsTarget() {
        return needsTarget;
    }

    /** Exactly the violations this defect causes after staging. */
    public Set<GenerationViolation> violations() {
        return violations;
    }
}
