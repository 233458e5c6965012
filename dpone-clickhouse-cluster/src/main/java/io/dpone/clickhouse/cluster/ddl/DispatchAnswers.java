package io.dpone.clickhouse.cluster.ddl;

import io.dpone.clickhouse.cluster.port.DdlDispatch.InitiatorAnswer;

/**
 * A short, redacted description of what an initiator answered to a sent distributed DDL, for
 * evidence beside a queue-based verdict: the server code or the ambiguity cause, never the
 * message, a host or SQL. It decides nothing.
 */
public final class DispatchAnswers {
    private DispatchAnswers() {}

    public static String describe(InitiatorAnswer answer) {
        if (answer instanceof InitiatorAnswer.Acknowledged) {
            return "acknowledged";
        }
        if (answer instanceof InitiatorAnswer.ServerErrorAnswer error) {
            return "code " + error.error().code();
        }
        InitiatorAnswer.NoAnswer none = (InitiatorAnswer.NoAnswer) answer;
        return "no answer, " + none.cause()
                + none.error().map(error -> " code " + error.code()).orElse("");
    }
}
