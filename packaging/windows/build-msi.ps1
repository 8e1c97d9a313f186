# Builds target\wix\Tessera-<version>-x64.msi on Windows: the release binary (its icon and version resource are
# embedded by build.rs), then the WiX Toolset v5 recipe. Needs rustup's MSVC toolchain and the .NET SDK.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

$version = (Select-String -Path Cargo.toml -Pattern '^version = "(.*)"' | Select-Object -First 1).Matches[0].Groups[1].Value
cargo build --release --locked
if ($LASTEXITCODE -ne 0) { throw "cargo build failed" }

if (-not (Get-Command wix -ErrorAction SilentlyContinue)) {
    dotnet tool install --global wix --version 5.0.2
    $env:PATH += ";$env:USERPROFILE\.dotnet\tools"
}
New-Item -ItemType Directory -Force target\wix | Out-Null
$msi = "target\wix\Tessera-$version-x64.msi"
wix build -arch x64 -d "Version=$version" -d "BinDir=target\release" -o $msi packaging\windows\tessera.wxs
if ($LASTEXITCODE -ne 0) { throw "wix build failed" }
Write-Host "built $msi"
