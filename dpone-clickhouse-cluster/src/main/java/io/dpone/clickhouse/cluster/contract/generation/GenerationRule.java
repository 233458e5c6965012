package io.dpone.clickhouse.cluster.contract.generation;

/**
 * The four sentences of spec section 2 ("Generation and replication validation") that
 * {@link GenerationRules} enforces, one constant per sentence, with the sentence verbatim.
 */
public enum GenerationRule {
    TARGET_ONE_IDENTITY("The target generation must have one identity across all replicas."),
    CANDIDATE_DISTINCT_AND_UNIFORM("The candidate must have a different UUID and replication path from the target"
            + " but one identity across its replicas."),
    ENGINE_FAMILY("Engines belong to the admitted Replicated*MergeTree family."),
    REPLICA_NAMES_EXACT("Replica names are unique and cover the exact inventory.");

    private final String sentence;

    GenerationRule(String sentence) {
        this.sentence = sentence;
    }

    /** The spec sentence this rule implements. */
    public String sentence() {
        return sentence;
    }
}
