package io.dpone.testkit.modes.acceptance;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A distributed-DDL queue entry as ClickHouse stores it in its coordination node
 * ({@code DDLLogEntry::toString}: {@code version:}, {@code query:}, {@code hosts:},
 * {@code initiator:}, {@code settings:} lines), read where no server can show the queue. Only the
 * stored query and the {@code log_comment} setting are taken; quotes in values stay escaped.
 */
record DdlLogEntryText(String query, Optional<String> logComment) {
    private static final Pattern QUERY = Pattern.compile("(?m)^query: (.*)$");
    private static final Pattern LOG_COMMENT =
            Pattern.compile("(?m)^settings: .*?\\blog_comment = '((?:[^'\\\\]|\\\\.)*)'");

    static DdlLogEntryText parse(String text) {
        Matcher query = QUERY.matcher(text);
        Matcher comment = LOG_COMMENT.matcher(text);
        return new DdlLogEntryText(
                query.find() ? query.group(1) : "", comment.find() ? Optional.of(comment.group(1)) : Optional.empty());
    }
}
