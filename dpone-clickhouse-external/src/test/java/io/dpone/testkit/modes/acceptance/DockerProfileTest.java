package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dpone.testkit.acceptance.AcceptanceReceiptExtension;
import io.dpone.testkit.clickhouse.docker.DockerLogsOnFailure;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The opt-in Docker acceptance profile as configured, read from the files (pure; no Docker engine):
 * its timeouts nest inside the workflow's, the workflow uploads whatever exists and only paths the
 * code writes, and the default build neither runs nor activates it.
 */
class DockerProfileTest {
    private static final String MODULE = "dpone-clickhouse-external/";
    private static final Path ROOT =
            Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    private static final String PROFILE = "/project/profiles/profile[id='docker']/build/pluginManagement/plugins"
            + "/plugin[artifactId='maven-surefire-plugin']/configuration";

    @Test
    void timeoutsNestFromATestMethodToTheJob() throws Exception {
        Document pom = xml(ROOT.resolve("pom.xml"));
        Properties junit = new Properties();
        junit.load(new StringReader(text(pom, PROFILE + "/properties/configurationParameters")));
        Duration test = junitDuration(junit.getProperty("junit.jupiter.execution.timeout.testable.method.default"));
        Duration lifecycle =
                junitDuration(junit.getProperty("junit.jupiter.execution.timeout.lifecycle.method.default"));
        Duration fork = junitDuration(junit.getProperty("dpone.fork.deadline"));
        assertEquals(
                "SAME_THREAD",
                junit.getProperty("junit.jupiter.execution.timeout.thread.mode.default"),
                "an interrupted test cleans up in its own thread instead of running on behind the next one");
        assertEquals(
                "false", text(pom, PROFILE + "/reuseForks"), "one JVM per class: a halted fork ends only its class");
        assertEquals("all", text(pom, PROFILE + "/enableProcessChecker"), "forks exit when Maven is stopped");
        Duration surefireFork =
                Duration.ofSeconds(Long.parseLong(text(pom, PROFILE + "/forkedProcessTimeoutInSeconds")));

        assertTrue(
                Duration.ofMinutes(RealAcceptanceCluster.WORKER_MINUTES).compareTo(test) < 0,
                "a raced worker's own bound fires before the test's");
        assertTrue(
                Duration.ofMinutes(RealExternalAcceptanceCluster.WORKER_MINUTES).compareTo(test) < 0);
        assertTrue(
                test.plus(lifecycle).multipliedBy(5).compareTo(fork) <= 0, "a class has room for several slow tests");
        assertTrue(
                fork.compareTo(surefireFork) < 0, "the fork halts itself before Surefire's timeout only dumps threads");

        JsonNode job = workflow().get("jobs").get("docker-acceptance");
        long steps = 0;
        Duration profileStep = null;
        for (JsonNode step : job.get("steps")) {
            assertTrue(step.has("timeout-minutes"), "every step is bounded: " + step);
            steps += step.get("timeout-minutes").asLong();
            if (step.path("run").asText().equals("scripts/test-docker")) {
                profileStep = Duration.ofMinutes(step.get("timeout-minutes").asLong());
            }
        }
        assertEquals(job.get("timeout-minutes").asLong(), steps, "the job's limit is the sum of its steps' limits");
        assertTrue(
                profileStep != null && surefireFork.plusMinutes(10).compareTo(profileStep) <= 0,
                "the profile step outlives a class's fork timeout, and its stop leaves the uploads their time");
        assertTrue(job.get("timeout-minutes").asLong() <= 360, "GitHub-hosted runners stop a job at 6 hours");
    }

    @Test
    void theWorkflowIsManualAndUploadsWhateverTheRunWrote() throws Exception {
        JsonNode workflow = workflow();
        List<String> triggers = new ArrayList<>();
        workflow.get("on").fieldNames().forEachRemaining(triggers::add);
        assertEquals(List.of("workflow_dispatch"), triggers, "opt-in: started by hand only");

        Set<String> uploaded = new TreeSet<>();
        for (JsonNode step : workflow.get("jobs").get("docker-acceptance").get("steps")) {
            if (step.path("uses").asText().startsWith("actions/upload-artifact@")) {
                assertEquals("always()", step.get("if").asText(), "uploads after a failed or stopped run too");
                String missing = step.get("with").get("if-no-files-found").asText();
                assertTrue(
                        Set.of("warn", "ignore").contains(missing),
                        "a missing file never fails the upload: " + missing);
                step.get("with")
                        .get("path")
                        .asText()
                        .lines()
                        .map(String::strip)
                        .filter(line -> !line.isEmpty())
                        .forEach(uploaded::add);
            }
        }
        Path module = ROOT.resolve("dpone-clickhouse-external");
        assertEquals(
                Set.of(
                        relative(AcceptanceReceiptExtension.directory()),
                        relative(DockerLogsOnFailure.directory()),
                        // each mode's acceptance tests run in the mode's module and write the same relative paths there
                        "dpone-clickhouse-internal/"
                                + relative(AcceptanceReceiptExtension.directory())
                                        .substring(MODULE.length()),
                        "dpone-clickhouse-internal/"
                                + relative(DockerLogsOnFailure.directory()).substring(MODULE.length()),
                        // the harness's own Docker tests run in dpone-testkit and write the same relative path there
                        "dpone-testkit/"
                                + relative(DockerLogsOnFailure.directory()).substring(MODULE.length()),
                        "**/target/surefire-reports/"),
                uploaded,
                "every uploaded path is one the code writes");
        assertEquals(
                module.resolve("target/acceptance"),
                AcceptanceReceiptExtension.directory().toAbsolutePath().normalize());
        assertEquals(
                "",
                text(
                        xml(ROOT.resolve("pom.xml")),
                        "//plugin[artifactId='maven-surefire-plugin']/configuration" + "/reportsDirectory"),
                "Surefire writes its default target/surefire-reports");
    }

    @Test
    void theDefaultBuildNeitherRunsNorActivatesTheDockerProfile() throws Exception {
        Document pom = xml(ROOT.resolve("pom.xml"));
        assertTrue(text(
                        pom,
                        "/project/build/pluginManagement/plugins/plugin[artifactId='maven-surefire-plugin']"
                                + "/configuration/excludedGroups")
                .contains("docker"));
        assertEquals("", text(pom, "/project/profiles/profile[id='docker']/activation"), "never activated by itself");
        for (String script : List.of(".ci/run", "scripts/test")) {
            String text = Files.readString(ROOT.resolve(script));
            assertFalse(
                    text.contains("-Pdocker") || text.contains("test-docker") || text.contains("groups=docker"),
                    script);
        }
        assertTrue(Files.readString(ROOT.resolve("scripts/test-docker")).contains("-Pdocker verify"));
    }

    private static String relative(Path moduleDirectory) {
        return MODULE
                + ROOT.resolve("dpone-clickhouse-external")
                        .relativize(moduleDirectory.toAbsolutePath().normalize())
                        .toString()
                        .replace('\\', '/')
                + "/";
    }

    private static JsonNode workflow() throws Exception {
        return new ObjectMapper(new YAMLFactory())
                .readTree(
                        ROOT.resolve(".github/workflows/docker-acceptance.yml").toFile());
    }

    /** JUnit's timeout form: {@code <n> s|m|h}. */
    private static Duration junitDuration(String text) {
        String[] parts = text.strip().split("\\s+");
        long amount = Long.parseLong(parts[0]);
        return switch (parts[1]) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> throw new AssertionError("unexpected unit in " + text);
        };
    }

    private static Document xml(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    private static String text(Document xml, String path) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(path, xml).strip();
    }
}
