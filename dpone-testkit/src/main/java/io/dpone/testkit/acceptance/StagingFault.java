package io.dpone.testkit.acceptance;

/**
 * A fault external mode's scenarios arm on the direct member sessions (next to the DDL and
 * authority faults of {@link ArmedFault}); each fires at the first matching member call after it
 * was armed, once.
 */
public sealed interface StagingFault {
    /**
     * The member goes down in the middle of its own native load: the rows of the first
     * {@code afterRows} (whole insert batches on real members) are committed, then its process is
     * killed, so the load breaks off and a partial candidate stays behind.
     */
    record KillDuringLoad(int member, long afterRows) implements StagingFault {
        public KillDuringLoad {
            if (member < 0 || afterRows < 1) {
                throw new IllegalArgumentException("a member index and at least one row");
            }
        }
    }

    /**
     * Right after the member's load ended and before its content is proven, an outside writer
     * changes one row of its candidate ({@code ExternalAcceptanceCluster.changeRow}).
     */
    record ChangeRowAfterLoad(int member) implements StagingFault {
        public ChangeRowAfterLoad {
            if (member < 0) {
                throw new IllegalArgumentException("a member index");
            }
        }
    }
}
