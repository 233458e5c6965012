package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

/** The server answered with an error, e.g. code 497 ACCESS_DENIED or 999 KEEPER_EXCEPTION. */
public final class QueryFailedException extends MemberQueryException {

    private final int serverCode;
    private final String serverCodeName;
    private final String serverMessage;

    public QueryFailedException(String member, int serverCode, String serverCodeName, String serverMessage) {
        super("ClickHouse error " + serverCode + " (" + serverCodeName + ") on " + member, null);
        this.serverCode = serverCode;
        this.serverCodeName = requireNonNull(serverCodeName, "serverCodeName is null");
        this.serverMessage = requireNonNull(serverMessage, "serverMessage is null");
    }

    /** ClickHouse error code, or -1 when the response carried none. */
    public int serverCode() {
        return serverCode;
    }

    /** ClickHouse error name such as {@code ACCESS_DENIED}, or {@code UNKNOWN}. */
    public String serverCodeName() {
        return serverCodeName;
    }

    /** The server's full text; may quote SQL, so keep it out of evidence and logs. */
    public String serverMessage() {
        return serverMessage;
    }
}
