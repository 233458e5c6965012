package io.dpone.clickhouse.cluster.contract.ddl;

/** The distributed DDL a correlation token authorizes; the code is the token's action field. */
public enum DdlAction {
    EXCHANGE("exchange"),
    RENAME("rename"),
    DROP("drop"),
    BOOTSTRAP("bootstrap");

    private final String code;

    DdlAction(String code) {
        this.code = code;
    }

    public String code() {
        return code;
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
