package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;

/** The two publication shapes and the generations each expects (spec section 5). */
public sealed interface PublicationShape {
    GenerationIdentity desired();

    /** EXCHANGE TABLES publication over an existing target generation. */
    record ExistingTarget(GenerationIdentity predecessor, GenerationIdentity desired) implements PublicationShape {
        public ExistingTarget {
            requireNonNull(predecessor, "predecessor is null");
            requireNonNull(desired, "desired is null");
        }
    }

    /** RENAME TABLE publication where no target existed; there is no predecessor cleanup. */
    record AbsentTarget(GenerationIdentity desired) implements PublicationShape {
        public AbsentTarget {
            requireNonNull(desired, "desired is null");
        }
    }

    /** The shape an authority record describes: existing when it names a predecessor. */
    static PublicationShape of(GenerationIdentity predecessor, GenerationIdentity desired) {
        return predecessor == null ? new AbsentTarget(desired) : new ExistingTarget(predecessor, desired);
    }
}
