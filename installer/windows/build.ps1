# Build League Manager for Windows: build venv -> PyInstaller one-folder app -> Inno Setup
# installer in dist\. Run in PowerShell from the repository:  .\installer\windows\build.ps1
# Needs Python 3.11+ (py launcher) and Inno Setup 6 (ISCC.exe on the PATH or in its default
# folder). Cannot be built or tested on the project's Linux machine.
$ErrorActionPreference = "Stop"
$Repo = (Resolve-Path "$PSScriptRoot\..\..").Path
Set-Location $Repo
$Work = "build\installer"
$Venv = "$Work\venv"
if (-not (Test-Path "$Venv\Scripts\python.exe")) {
    py -3 -m venv $Venv
    & "$Venv\Scripts\python.exe" -m pip install -q --upgrade pip
}
$Py = "$Venv\Scripts\python.exe"
Remove-Item -Recurse -Force build\lib -ErrorAction SilentlyContinue
& $Py -m pip install -q ".[build,postgres,lan]"
& $Py -m pip install -q --no-deps --force-reinstall .
function Field($Name) { (& $Py installer\contents.py $Name).Trim() }

Remove-Item -Recurse -Force "$Work\icons" -ErrorAction SilentlyContinue
$env:QT_QPA_PLATFORM = "offscreen"
& $Py installer\make_icons.py "$Work\icons"
Remove-Item Env:\QT_QPA_PLATFORM
& $Py -m PyInstaller --noconfirm --clean --distpath "$Work\dist" --workpath "$Work\pyinstaller" `
    installer\league_manager.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }

$Iscc = (Get-Command ISCC.exe -ErrorAction SilentlyContinue).Source
if (-not $Iscc) { $Iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" }
New-Item -ItemType Directory -Force dist | Out-Null
& $Iscc "/DAppVersion=$(Field version)" "/DAppName=$(Field name)" "/DAppId=$(Field id)" `
    "/DAppExe=$(Field executable)" "/DAppPublisher=$(Field publisher)" `
    "/DRepoDir=$Repo" installer\windows\league_manager.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
