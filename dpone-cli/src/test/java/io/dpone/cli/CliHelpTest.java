package io.dpone.cli;

import static io.dpone.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command's {@code --help} against the code and the reference (pure, in process): the exit
 * codes each help lists are exactly {@link ExitCode#of}, every code in docs/reference/cli.md's
 * table is an {@link ExitCode} and back, every command is in the reference's command table, and no
 * help promises a compression the source readers refuse.
 */
class CliHelpTest {
    private static final Path REFERENCE = Path.of("..", "docs", "reference", "cli.md");
    private static final Pattern EXIT_ROW = Pattern.compile("^\\| (\\d+) \\| (.+) \\|$");

    @TempDir
    Path dir;

    private static List<String> commands() {
        return List.copyOf(Dpone.commandLine(host()).getSubcommands().keySet());
    }

    private static HostContext host() {
        return new HostContext(
                List.of(),
                HostVariables.empty(),
                Terminals.NONE,
                io.dpone.spi.publication.Cancellation.NEVER,
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()));
    }

    @Test
    void everyHelpListsExactlyItsCommandsExitCodes() {
        List<String> names = new java.util.ArrayList<>(commands());
        names.add("dpone");
        for (String name : names) {
            CliRun help = name.equals("dpone") ? run("--help") : run(name, "--help");
            assertEquals(ExitCode.OK.code(), help.exit(), name);
            assertEquals("", help.err(), name);
            String exits = help.out().substring(help.out().indexOf("Exit codes"));
            Set<Integer> listed = exits.lines()
                    .skip(1)
                    .map(String::strip)
                    .filter(line -> line.matches("\\d+\\s+.+"))
                    .map(line -> Integer.parseInt(line.split("\\s+", 2)[0]))
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<Integer> expected =
                    ExitCode.of(name).stream().map(ExitCode::code).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(expected, listed, name + " --help:\n" + help.out());
            for (ExitCode code : ExitCode.of(name)) {
                assertTrue(exits.contains(code.summary()), name + " lacks the summary of " + code);
            }
        }
    }

    @Test
    void theReferenceExitCodeTableIsTheEnum() throws IOException {
        String reference = Files.readString(REFERENCE);
        String section = reference.substring(reference.indexOf("## Exit codes"));
        section = section.substring(0, section.indexOf("\n## ", 3));
        Set<Integer> documented = new TreeSet<>();
        for (String line : section.lines().toList()) {
            Matcher row = EXIT_ROW.matcher(line);
            if (row.matches()) {
                documented.add(Integer.parseInt(row.group(1)));
            }
        }
        Set<Integer> coded =
                Arrays.stream(ExitCode.values()).map(ExitCode::code).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(coded, documented, "docs/reference/cli.md, \"Exit codes\"");
        for (ExitCode code : ExitCode.values()) {
            for (String command : commands()) {
                if (ExitCode.of(command).contains(code) && code.code() >= ExitCode.WAITING.code()) {
                    assertEquals("publish", command, "only publish ends with an outcome code");
                }
            }
        }
    }

    @Test
    void everyCommandIsInTheReferenceCommandTable() throws IOException {
        String reference = Files.readString(REFERENCE);
        for (String command : commands()) {
            assertTrue(reference.contains("| `dpone " + command), "docs/reference/cli.md lacks a row for " + command);
        }
        CommandLine line = Dpone.commandLine(host());
        assertEquals(Set.copyOf(commands()), Set.copyOf(line.getSubcommands().keySet()));
    }

    /**
     * Help text never promises a compression the readers refuse: a help that names gzip is right
     * exactly when internal mode's source reader opens a gzip file. Another change that teaches the
     * reader gzip must teach the help too.
     */
    @Test
    void noHelpPromisesACompressionTheSourceReadersRefuse() throws IOException {
        boolean readsGzip = internalReaderOpensGzip();
        for (String command : commands()) {
            String help = run(command, "--help").out().toLowerCase(Locale.ROOT);
            boolean promises =
                    help.contains("gz") || help.contains("zst") || help.contains("gzip") || help.contains("zstd");
            if (!readsGzip) {
                assertFalse(promises, command + " --help names a compression no reader accepts:\n" + help);
            }
        }
        if (readsGzip) {
            assertTrue(
                    run("publish", "--help").out().toLowerCase(Locale.ROOT).contains("gz"),
                    "the reader accepts gzip now: publish --help must say so");
        }
    }

    private boolean internalReaderOpensGzip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write("id,name\n1,a\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Path file = Files.write(dir.resolve("rows.csv.gz"), bytes.toByteArray());
        try (var opened = SourceReaders.open(new PublicationSource.DelimitedFile(
                file, DelimitedFormat.CSV_WITH_NAMES, Compression.GZIP, OptionalLong.of(Files.size(file))))) {
            return opened.columns().size() == 2;
        } catch (DponeException refused) {
            assertEquals(DponeErrorCode.SOURCE_COMPRESSION_UNSUPPORTED, refused.code(), refused.getMessage());
            return false;
        }
    }
}
