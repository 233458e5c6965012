package io.dpone.clickhouse.cluster.contract.ddl;

/**
 * The distributed DDL a correlation token correlates; the code is the token's action field.
 * EXCHANGE, RENAME and DROP touch a published or predecessor generation and are sent only under a
 * dispatch permit ({@link #requiresPermit()}); the others are setup statements that touch only
 * objects the operation or the facade owns by name.
 */
public enum DdlAction {
    EXCHANGE("exchange"),
    RENAME("rename"),
    DROP("drop"),
    BOOTSTRAP("bootstrap"),
    /** The synthetic capability assertion: a DROP IF EXISTS of a name that never exists. */
    PROBE("probe"),
    /** Creation of the operation's candidate. */
    STAGE("stage"),
    /** Removal of the operation's own unpublished candidate before authority acquisition. */
    DISCARD("discard");

    private final String code;

    DdlAction(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** True for the statements only a verified dispatch permit may send. */
    public boolean requiresPermit() {
        return this == EXCHANGE || this == RENAME || this == DROP;
    }

    /** The action with this exact code, or null. */
    public static DdlAction fromCode(String code) {
        for (DdlAction action : values()) {
            if (action.code.equals(code)) {
                return action;
            }
        }
        return null;
    }
}
