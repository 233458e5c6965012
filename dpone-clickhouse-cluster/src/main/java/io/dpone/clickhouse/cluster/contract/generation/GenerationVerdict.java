package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/** The outcome of {@link GenerationRules}. Callers must switch over it. */
public sealed interface GenerationVerdict {
    /**
     * Every applicable rule holds.
     *
     * @param target the one target identity on every replica; empty for an absent target
     * @param candidate the one candidate identity on every replica after staging; always empty at
     *     admission, where the candidate is not judged
     */
    record Valid(Optional<GenerationIdentity> target, Optional<GenerationIdentity> candidate)
            implements GenerationVerdict {
        public Valid {
            requireNonNull(target, "target is null");
            requireNonNull(candidate, "candidate is null");
        }
    }

    /** At least one rule is broken; {@code violations} is non-empty, distinct and in declaration order. */
    record Violated(List<GenerationViolation> violations) implements GenerationVerdict {
        public Violated {
            requireNonNull(violations, "violations is null");
            if (violations.isEmpty()) {
                throw new IllegalArgumentException("a violated verdict needs a violation");
            }
            violations = List.copyOf(EnumSet.copyOf(violations));
        }

        /** The first violation in declaration order; the one a single-reason caller reports. */
        public GenerationViolation primary() {
            return violations.get(0);
        }

        /** The error family of {@link #primary()}. */
        public DponeErrorCode code() {
            return primary().code();
        }
    }
}
