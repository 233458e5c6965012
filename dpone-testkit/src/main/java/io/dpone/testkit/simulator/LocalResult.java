package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

/**
 * What one member answered to one local statement (no {@code ON CLUSTER}): success, or the server
 * error code and message as the server formats it ({@code Code: 57. DB::Exception: ...}).
 */
public sealed interface LocalResult {
    record Ok() implements LocalResult {}

    record Failed(int code, String message) implements LocalResult {
        public Failed {
            requireNonNull(message, "message is null");
            if (code <= 0) {
                throw new IllegalArgumentException("a server error code is positive");
            }
        }
    }

    /** The error code, or 0 for success. */
    default int code() {
        return this instanceof Failed failed ? failed.code : 0;
    }
}
